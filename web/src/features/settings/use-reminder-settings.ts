import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ReminderStateSchema,
  type ReminderSettings,
  type ReminderState,
} from '@partak/domain/api/reminders';
import { useTranslation } from '@/i18n/use-translation.ts';
import { apiJson } from '@/lib/api-client.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import {
  currentSubscription,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushUnavailable,
} from '@/lib/offline/push-subscription.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { toast } from '@/lib/toast.ts';

/**
 * The signed-in user's reminder as the form edits it (in this browser's time zone, push meaning
 * "this device"), and saving it: push asks the browser's permission when chosen; if the browser
 * cannot or will not, `problem` says why and the rest is still saved.
 */
export function useReminderSettings() {
  const { t } = useTranslation('settings');
  const { t: errors } = useTranslation('errors');
  const { loaded, keep } = useAccountReminder();
  const [edited, setEdited] = useState<ReminderSettings>();
  const [problem, setProblem] = useState<PushUnavailable>();
  const { mutateAsync, isPending } = useMutation({ mutationFn: saveReminder }, queryClient);
  const form = edited ?? loaded?.form;

  const set = <K extends keyof ReminderSettings>(key: K, value: ReminderSettings[K]) =>
    setEdited((current) => {
      const base = current ?? loaded?.form;
      return base && { ...base, [key]: value };
    });

  const save = async () => {
    if (!form) return;
    setProblem(undefined);
    try {
      const { saved, refused } = await mutateAsync(form);
      if (refused) setProblem(refused);
      const push = form.push && !refused;
      keep(saved);
      setEdited((current) => ({ ...(current ?? form), push }));
      toast.success(t('reminders.saved'));
    } catch (error) {
      toast.error(t('reminders.saveFailed'), errorMessage(error, errors));
    }
  };

  return { state: loaded?.state, form, problem, saving: isPending, set, save };
}

interface Loaded {
  state: ReminderState;
  /** The form as first shown: in this browser's time zone, push meaning "this device". */
  form: ReminderSettings;
}

/** The account's reminder as the server has it, read once per visit; `keep` takes a saved one. */
function useAccountReminder() {
  const { t } = useTranslation('settings');
  const { t: errors } = useTranslation('errors');
  const owner = useAuthState().user?.id ?? 'signed-out';
  const queryKey = useMemo(() => ['reminders', owner], [owner]);
  const { data: loaded } = useQuery(
    {
      queryKey,
      queryFn: async (): Promise<Loaded> => {
        try {
          const [state, subscription] = await Promise.all([
            apiJson('/reminders', ReminderStateSchema),
            currentSubscription(),
          ]);
          const push = state.push && subscription !== null;
          return { state, form: { ...state, timeZone: browserTimeZone(), push } };
        } catch (error) {
          toast.error(t('reminders.loadFailed'), errorMessage(error, errors));
          throw error;
        }
      },
      // The form is being edited: it is read once per visit, not again when the window is focused.
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
  const keep = useCallback(
    (state: ReminderState) =>
      queryClient.setQueryData<Loaded>(queryKey, (current) => current && { ...current, state }),
    [queryKey],
  );
  return { loaded, keep };
}

/** This device's subscription follows the choice (a refusal keeps push off); then the rest. */
async function saveReminder(form: ReminderSettings) {
  const refused = form.push ? await subscribeThisDevice() : await unsubscribeThisDevice();
  const push = form.push && !refused;
  const saved = await apiJson('/reminders', ReminderStateSchema, {
    method: 'PUT',
    body: { ...form, push },
  });
  return { saved, refused };
}
