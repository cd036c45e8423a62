import { REPLY_DELAY_MS } from '@partak/domain/chat';
import { CrisisDetector, CrisisFileSchema, crisisReply } from '@partak/domain/crisis';
import crisisFile from '../../../../../content/mentor/crisis.json';
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

/** The crisis wording and replies the server uses too (content/mentor/crisis.json, ADR 019). */
const crisis = CrisisFileSchema.parse(crisisFile);
let detector: CrisisDetector | undefined;

/**
 * The mentor when the server cannot be reached: after a second it says so honestly, in the user's
 * language, and that the question will be answered once the server is back (the chat asks again
 * then, see use-answer-when-back.ts). A person in crisis is not left waiting: with no
 * server to ask, the chat itself reads the message for crisis wording, as the server would, and
 * answers at once with the helplines.
 */
export const offlineMentor: Mentor = {
  async *reply(conversation, language, signal) {
    const last = conversation.findLast((message) => message.role === 'user')?.content ?? '';
    detector ??= new CrisisDetector(crisis);
    const concern = detector.concern(last);
    if (concern) {
      yield { type: 'crisis', helplines: crisis[language].helplines };
      yield { type: 'text', text: crisisReply(crisis[language], concern) };
      yield { type: 'done', mentor: 'offline' };
      return;
    }
    if (!(await wait(REPLY_DELAY_MS, signal))) return;
    yield { type: 'text', text: i18n.getFixedT(language, 'chat')('mentor.offline') };
    yield { type: 'done', mentor: 'offline' };
  },
};
