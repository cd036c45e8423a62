import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { SecuritySection } from './security-section.tsx';

/**
 * The profile's one place for how the user proves who they are: sign-in passkeys and second factors
 * (authenticator app, SMS, a passkey as a second factor), each still its own card.
 */
export function PasskeysAndVerification() {
  const { t } = useTranslation('auth');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="px-1 text-lg font-bold text-slate-900">
        {t('security.groupTitle')}
      </h2>
      <PasskeysSection />
      <SecuritySection />
    </section>
  );
}
