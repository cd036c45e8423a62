import { useRef, useState } from 'react';
import type { GoTrueClient } from '@supabase/auth-js';
import { ValueField, type ValueFieldProps } from '@/components/auth/auth-field.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadAuthClient } from '@/lib/auth-client.ts';
import type { SecondFactor } from '@/lib/auth/factors.ts';
import type { AuthRequest } from '@/lib/auth/use-auth-request.ts';
import { toast } from '@/lib/toast.ts';
import type { ConfirmSecondFactor } from '../at-aal2.ts';

/** What every "add a factor" dialog gets from the security section. */
export interface EnrollProps {
  /** The user's factors as listed: for a free default name, and whether one is verified. */
  factors: readonly SecondFactor[];
  /** Asks for a second factor when the server wants aal2 for the enrollment. */
  confirm: ConfirmSecondFactor;
  /** The dialog was closed (whatever happened). */
  onClose: () => void;
  /** The new factor is verified: the dialog has said so and is done. */
  onAdded: () => void;
}

export const hasVerified = (factors: readonly SecondFactor[]) =>
  factors.some((factor) => factor.verified);

/**
 * Removes a factor the user started to add and then abandoned (closed the dialog before the code).
 * Best effort: what is left unverified is also listed with a remove button, and the server drops
 * it by itself after five minutes.
 */
export async function discardFactor(factorId: string): Promise<void> {
  try {
    await (await loadAuthClient()).mfa.unenroll({ factorId });
  } catch {
    // Nothing to tell the user: see above.
  }
}

/** Says a factor was added, and hands back to the security section. */
export function useAdded(onAdded: () => void) {
  const { t } = useTranslation('auth');
  return (title: string) => {
    toast.success(title, t('security.addedDescription'));
    onAdded();
  };
}

/**
 * The life of a factor being added in a dialog: made (`setEnrolled`), then verified by its first
 * code (`verify`). Closing the dialog in between removes the half-made factor, so an abandoned
 * attempt leaves nothing behind.
 */
export function useEnrollment<E extends { id: string }>({
  request,
  onClose,
  onAdded,
}: {
  request: AuthRequest;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [enrolled, setEnrolled] = useState<E>();
  const isVerified = useRef(false);
  const added = useAdded(onAdded);
  return {
    enrolled,
    setEnrolled,
    /** Sends the factor's first answer; when it is right, the factor stays and the dialog is done. */
    verify: (
      addedTitle: string,
      answer: (client: GoTrueClient, factor: E) => Promise<{ error: Error | null }>,
    ) =>
      request.run(async (client) => {
        if (!enrolled) return;
        const { error } = await answer(client, enrolled);
        if (error) throw error;
        isVerified.current = true;
        added(addedTitle);
      }),
    close: () => {
      if (enrolled && !isVerified.current) void discardFactor(enrolled.id).finally(onClose);
      else onClose();
    },
  };
}

/** The name the user will know the factor by in this list and when signing in. */
export function NameField(props: Pick<ValueFieldProps, 'label' | 'value' | 'onChange'>) {
  return <ValueField name="factor-name" type="text" autoComplete="off" maxLength={60} {...props} />;
}
