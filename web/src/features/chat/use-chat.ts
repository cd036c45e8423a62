import { useCallback, useEffect, useRef, useState } from 'react';
import { validateMessage, type ChatMessage, type SavedConversation } from '@partak/domain/chat';
import { isErrorCode } from '@partak/domain/error-codes';
import { newId } from '@partak/domain/ids';
import { applyMentorEvent } from '@partak/domain/mentor-events';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/data/activity.ts';
import { saveConversation } from '@/lib/data/conversations.ts';
import { errorCodeOf } from '@/lib/show-error.ts';
import { toast } from '@/lib/toast.ts';
import {
  EMPTY_CONVERSATION,
  readCurrentConversation,
  writeCurrentConversation,
  type CurrentConversation,
} from './current-conversation.ts';
import { goalsContext } from './mentor/goals-context.ts';
import type { Mentor } from './mentor/mentor.ts';
import { serverMentor } from './mentor/server-mentor.ts';

/** The mentor on the server, told about the user's goals when they allowed it. */
const defaultMentor = serverMentor(goalsContext);

/** A reply is still owed when the conversation ends with the user (a failed one offers Retry). */
const owesReply = (messages: readonly ChatMessage[]) => messages.at(-1)?.role === 'user';

/** What a failure of the mentor is called, for the message it leaves behind. */
function failureCode(error: unknown) {
  const code = errorCodeOf(error);
  return isErrorCode(code) ? code : 'unexpected_failure';
}

/**
 * The conversation in progress: sending, the mentor's streamed reply, new, save and continuing a
 * saved one. It is kept in session storage, and a reply cut off by a reload is asked for again. A
 * reply that fails keeps what arrived, says what went wrong and can be retried.
 */
export function useChat(mentor: Mentor = defaultMentor) {
  const { t, language } = useTranslation('chat');
  const [conversation, setConversation] = useState<CurrentConversation>(readCurrentConversation);
  const [pending, setPending] = useState(false);
  const replying = useRef<AbortController | null>(null);

  useEffect(() => writeCurrentConversation(conversation), [conversation]);

  const stopReply = useCallback(() => {
    replying.current?.abort();
    replying.current = null;
    setPending(false);
  }, []);

  const requestReply = useCallback(
    async (id: string, history: ChatMessage[]) => {
      replying.current?.abort();
      const controller = new AbortController();
      replying.current = controller;
      setPending(true);
      let reply: ChatMessage = {
        role: 'assistant',
        content: '',
        timestamp: new Date().toISOString(),
      };
      const show = () =>
        setConversation((current) =>
          current.id === id ? { id, messages: [...history, reply] } : current,
        );
      try {
        for await (const event of mentor.reply(history, language, controller.signal)) {
          if (controller.signal.aborted) break;
          reply = applyMentorEvent(reply, event);
          show();
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          reply = { ...reply, error: failureCode(error) };
          show();
        }
      } finally {
        if (replying.current === controller) {
          replying.current = null;
          setPending(false);
        }
      }
    },
    [mentor, language],
  );

  // A reply that a reload interrupted: ask for it again, once.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    if (conversation.id !== null && owesReply(conversation.messages)) {
      // Synchronising with the mentor (outside React): the reply it owes is requested again.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      void requestReply(conversation.id, conversation.messages);
    }
  }, [conversation, requestReply]);

  useEffect(() => () => replying.current?.abort(), []);

  const send = useCallback(
    (text: string): boolean => {
      const check = validateMessage(text);
      if (!check.ok || pending) return false;
      const id = conversation.id ?? newId();
      const message: ChatMessage = {
        role: 'user',
        content: check.content,
        timestamp: new Date().toISOString(),
      };
      const messages = [...conversation.messages, message];
      setConversation({ id, messages });
      recordActivity('message_sent', id);
      void requestReply(id, messages);
      return true;
    },
    [conversation, pending, requestReply],
  );

  /**
   * Asks again for the last reply — one that failed (Retry) or one the user wants put another way
   * (Regenerate): what it had said is replaced.
   */
  const askAgain = useCallback(() => {
    const last = conversation.messages.at(-1);
    if (pending || conversation.id === null || last?.role !== 'assistant') return;
    const history = conversation.messages.slice(0, -1);
    setConversation({ id: conversation.id, messages: history });
    void requestReply(conversation.id, history);
  }, [conversation, pending, requestReply]);

  const startNew = useCallback(() => {
    stopReply();
    setConversation(EMPTY_CONVERSATION);
    toast.success(t('toast.newTitle'), t('toast.newDescription'));
  }, [stopReply, t]);

  const save = useCallback(async () => {
    if (conversation.id === null || conversation.messages.length === 0) {
      toast.error(t('toast.emptyTitle'), t('toast.emptyDescription'));
      return;
    }
    const now = new Date().toISOString();
    const result = await saveConversation({
      id: conversation.id,
      createdAt: conversation.messages[0]?.timestamp ?? now,
      updatedAt: now,
      messages: conversation.messages,
    });
    if (result === 'ok') {
      recordActivity('conversation_saved', conversation.id);
      toast.success(t('toast.savedTitle'), t('toast.savedDescription'));
    } else {
      toast.error(t('toast.notSavedTitle'), t(`toast.notSaved.${result}`));
    }
  }, [conversation, t]);

  const continueSaved = useCallback(
    (saved: SavedConversation) => {
      stopReply();
      setConversation({ id: saved.id, messages: saved.messages });
    },
    [stopReply],
  );

  return {
    messages: conversation.messages,
    isEmpty: conversation.messages.length === 0,
    pending,
    send,
    /** Ends the reply on its way; what it had said stays. */
    stop: stopReply,
    retry: askAgain,
    regenerate: askAgain,
    startNew,
    save,
    continueSaved,
  };
}
