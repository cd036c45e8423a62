import { useCallback, useEffect } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { WriteResult } from '../storage.ts';
import type { DataStore } from './data-store.ts';
import { queryClient } from './query-client.ts';

/**
 * A store's value for a screen, and a way to change it. The screen suspends until the first read;
 * a change shows at once (optimistically) and is then kept by the store; if the store refuses it
 * (full or blocked storage), it stays on screen and the caller tells the user. Changes made in
 * another tab arrive by themselves.
 */
export function useStored<T>(
  name: string,
  store: DataStore<T>,
): [T, (change: (current: T) => T) => Promise<WriteResult>] {
  const { data } = useSuspenseQuery({ queryKey: [name], queryFn: () => store.read() }, queryClient);

  useEffect(
    () => store.subscribe(() => void queryClient.invalidateQueries({ queryKey: [name] })),
    [name, store],
  );

  const write = useCallback(
    (change: (current: T) => T) => {
      // A read still on its way must not land on top of the change with the older value.
      void queryClient.cancelQueries({ queryKey: [name] });
      queryClient.setQueryData<T>([name], (current) =>
        current === undefined ? current : change(current),
      );
      return store.write(change);
    },
    [name, store],
  );

  return [data, write];
}
