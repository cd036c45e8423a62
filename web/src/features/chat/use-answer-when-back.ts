import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/data/query-client.ts';

/** How often the chat looks for the server while a question waits for it. */
const CHECK_EVERY_MS = 30_000;
const REACHABLE = ['server-reachable'];

/** Whether the server answers its health check now. */
const reachable = () =>
  fetch('/healthz', { cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );

/**
 * A question the server could not be reached for gets its answer once it can: every half a
 * minute, and as soon as the browser is back online, the chat asks the server's health check,
 * and when it answers, `answer` asks the question again (its placeholder reply is replaced). Not
 * at once: the reply that said the server is out of reach has only just been given.
 */
export function useAnswerWhenBack(waiting: boolean, answer: () => void) {
  const { data: back, refetch } = useQuery(
    {
      queryKey: REACHABLE,
      queryFn: reachable,
      enabled: waiting,
      initialData: false,
      staleTime: Infinity,
      refetchInterval: CHECK_EVERY_MS,
    },
    queryClient,
  );

  // The shared query client is never mounted (no provider), so it does not follow the
  // connection by itself: the browser's "online" asks at once.
  useEffect(() => {
    if (!waiting) return;
    const onOnline = () => void refetch();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [waiting, refetch]);

  useEffect(() => {
    if (!waiting || !back) return;
    // The next time the server is out of reach starts from "not back" again.
    queryClient.setQueryData(REACHABLE, false);
    answer();
  }, [waiting, back, answer]);
}
