import { useEffect } from 'react';

/** How often the chat looks for the server while a question waits for it. */
const CHECK_EVERY_MS = 30_000;

/**
 * A question the server could not be reached for gets its answer once it can: when the browser
 * says it is online again, and every half a minute meanwhile, the chat asks the server's health
 * check, and when it answers, `answer` asks the question again (its placeholder reply is replaced).
 */
export function useAnswerWhenBack(waiting: boolean, answer: () => void) {
  useEffect(() => {
    if (!waiting) return;
    let done = false;
    let checking = false;
    const check = async () => {
      if (done || checking || document.visibilityState === 'hidden') return;
      checking = true;
      const back = await fetch('/healthz', { cache: 'no-store' }).then(
        (response) => response.ok,
        () => false,
      );
      checking = false;
      if (back && !done) {
        done = true;
        answer();
      }
    };
    const timer = setInterval(() => void check(), CHECK_EVERY_MS);
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    return () => {
      done = true;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [waiting, answer]);
}
