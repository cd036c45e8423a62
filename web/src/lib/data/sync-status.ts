import { useEffect, useState } from 'react';
import { useAuthState } from '../auth-state.ts';
import { userSync } from './account-data.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * Ids of the goals and conversations with changes not yet on the server (made offline, or
 * waiting for a busy server), for the "not yet synced" mark. Always empty while signed out.
 */
export function usePendingIds(): ReadonlySet<string> {
  const { user } = useAuthState();
  const [ids, setIds] = useState(NONE);
  useEffect(() => {
    const sync = userSync();
    if (!sync) return undefined;
    let stop: (() => void) | undefined;
    let closed = false;
    void sync.then(({ engine }) => {
      if (closed) return;
      const update = () => setIds(engine.pendingIds());
      update();
      stop = engine.subscribe(update);
    });
    return () => {
      closed = true;
      stop?.();
    };
  }, [user?.id]);
  return user ? ids : NONE;
}
