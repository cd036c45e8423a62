import { useCallback, useEffect, useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useAuthState } from '../auth-state.ts';
import type { WriteResult } from '../storage.ts';
import { toast } from '../toast.ts';
import type { DataStore } from './data-store.ts';
import { queryClient } from './query-client.ts';

/**
 * A store's value for a screen, and a way to change it. The screen suspends until the first read;
 * a change shows at once (optimistically) and is then kept by the store; if the store refuses it
 * (full or blocked storage), it stays on screen and the user is told so — every screen alike.
 * Changes made elsewhere (another screen's write, another tab) arrive by themselves.
 */
export function useStored<T>(
  name: string,
  store: DataStore<T>,
): [T, (change: (current: T) => T) => Promise<WriteResult>] {
  const { t } = useTranslation();
  // Whose data it is belongs in the key: signing in or out never shows the other owner's copy.
  const owner = useAuthState().user?.id ?? 'this-browser';
  const queryKey = useMemo(() => [name, owner], [name, owner]);
  const { data } = useSuspenseQuery({ queryKey, queryFn: () => store.read() }, queryClient);

  useEffect(
    () => store.subscribe(() => void queryClient.invalidateQueries({ queryKey })),
    [queryKey, store],
  );

  const write = useCallback(
    async (change: (current: T) => T) => {
      // A read still on its way must not land on top of the change with the older value.
      void queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<T>(queryKey, (current) =>
        current === undefined ? current : change(current),
      );
      const result = await store.write(change);
      if (result !== 'ok') {
        toast.error(t('storage.notSavedTitle'), t(`storage.notSaved.${result}`));
      }
      return result;
    },
    [queryKey, store, t],
  );

  return [data, write];
}
