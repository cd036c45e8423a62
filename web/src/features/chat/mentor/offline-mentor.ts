import { REPLY_DELAY_MS } from '@partak/domain/chat';
import { i18n } from '@/i18n/i18n.ts';
import type { Mentor } from './mentor.ts';

function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => resolve(true), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/**
 * The spec's mentor: after a second it says, in the user's language, that it is still being built
 * and waits for a connection to an AI service.
 */
export const offlineMentor: Mentor = {
  async *reply(_conversation, language, signal) {
    if (!(await wait(REPLY_DELAY_MS, signal))) return;
    yield { type: 'text', text: i18n.getFixedT(language, 'chat')('mentor.offline') };
    yield { type: 'done', mentor: 'offline' };
  },
};
