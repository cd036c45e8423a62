import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { validateMessage, type ChatMessage, type SavedConversation } from '@partak/domain/chat';
import { isErrorCode } from '@partak/domain/error-codes';
import { newId } from '@partak/domain/ids';
import { applyMentorEvent } from '@partak/domain/mentor-events';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/data/activity.ts';
import { saveConversation } from '@/lib/data/conversations.ts';
import { errorCodeOf } from '@/lib/error-message.ts';
import { toast } from '@/lib/toast.ts';
import {
  EMPTY_CONVERSATION,
  readCurrentConversation,
  writeCurrentConversation,
  type CurrentConversation,
} from './current-conversation.ts';
import { goalsContext } from './mentor/goals-context.ts';
import type { Mentor, ReplyOptions } from './mentor/mentor.ts';
import { serverMentor } from './mentor/server-mentor.ts';
import { useAnswerWhenBack } from './use-answer-when-back.ts';

/** The mentor on the server, told about the user's goals when they allowed it. */
const defaultMentor = serverMentor(goalsContext);

/** What a failure of the mentor is called, for the message it leaves behind. */
function failureCode(error: unknown) {
  const code = errorCodeOf(error);
  return isErrorCode(code) ? code : 'unexpected_failure';
}

/** A reply worth keeping: it said something, or says why it could not. */
const said = (reply: ChatMessage) => reply.content !== '' || reply.error !== undefined;

/**
 * The conversation in progress: sending, the mentor's streamed reply, Stop, Retry and
 * Regenerate, new, save and continuing a saved one. What has been said is kept in session
 * storage; the reply on its way is held apart (`draft`) and joins the conversation when it ends,
 * so a reload or leaving the chat mid-reply asks for it again instead of keeping half of it.
 */
export function useChat(mentor: Mentor = defaultMentor) {
  const { t, language } = useTranslation('chat');
  const [conversation, setConversation] = useState<CurrentConversation>(readCurrentConversation);
  const [draft, setDraft] = useState<ChatMessage | null>(null);
  const replying = useRef<AbortController | null>(null);

  useEffect(() => writeCurrentConversation(conversation), [conversation]);

  /** The reply joins the conversation it was asked for (if the user has not moved on). */
  const settle = useCallback((id: string, history: ChatMessage[], reply: ChatMessage | null) => {
    setDraft(null);
    setConversation((current) =>
      current.id === id
        ? { id, messages: reply && said(reply) ? [...history, reply] : history, awaiting: false }
        : current,
    );
  }, []);

  const requestReply = useCallback(
    async (id: string, history: ChatMessage[], options?: ReplyOptions) => {
      replying.current?.abort();
      const controller = new AbortController();
      replying.current = controller;
      setConversation({ id, messages: history, awaiting: true });
      setDraft(null);
      let reply: ChatMessage = {
        role: 'assistant',
        content: '',
        timestamp: new Date().toISOString(),
      };
      try {
        for await (const event of mentor.reply(history, language, controller.signal, options)) {
          if (controller.signal.aborted) break;
          reply = applyMentorEvent(reply, event);
          setDraft(reply);
        }
      } catch (error) {
        if (!controller.signal.aborted) reply = { ...reply, error: failureCode(error) };
      }
      // Stop keeps what had arrived; leaving the chat (unmount) keeps the reply owed instead.
      if (replying.current === controller) {
        replying.current = null;
        settle(id, history, reply);
      }
    },
    [mentor, language, settle],
  );

  // A reply owed with nothing on its way — a reload or leaving the chat interrupted it (or, in
  // development, StrictMode's trial unmount): ask for it again.
  useEffect(() => {
    if (conversation.id !== null && conversation.awaiting && replying.current === null) {
      void requestReply(conversation.id, conversation.messages);
    }
  }, [conversation, requestReply]);

  // Leaving the chat ends the reply's request; the conversation still owes it (see above).
  useEffect(
    () => () => {
      const controller = replying.current;
      replying.current = null;
      controller?.abort();
    },
    [],
  );

  const pending = conversation.awaiting;

  const stop = useCallback(() => {
    const controller = replying.current;
    if (!controller || conversation.id === null) return;
    replying.current = null;
    controller.abort();
    settle(conversation.id, conversation.messages, draft && { ...draft, error: undefined });
  }, [conversation, draft, settle]);

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
      recordActivity('message_sent', id);
      void requestReply(id, [...conversation.messages, message]);
      return true;
    },
    [conversation, pending, requestReply],
  );

  /**
   * Asks again for the last reply: one that failed (Retry), one the user wants put another way
   * (Regenerate: what it had said is replaced), or one that never came (the user stopped it).
   */
  const askAgain = useCallback(
    (options?: ReplyOptions) => {
      const { id, messages } = conversation;
      if (pending || id === null || messages.length === 0) return;
      const question = messages.at(-1)?.role === 'assistant' ? messages.slice(0, -1) : messages;
      void requestReply(id, question, options);
    },
    [conversation, pending, requestReply],
  );

  // The server could not be reached: the placeholder reply says the answer comes when it can.
  const last = conversation.messages.at(-1);
  const owed = !pending && last?.mentor === 'offline' && last.helplines === undefined;
  useAnswerWhenBack(owed, () => askAgain());

  const startNew = useCallback(() => {
    replying.current?.abort();
    replying.current = null;
    setDraft(null);
    setConversation(EMPTY_CONVERSATION);
    toast.success(t('toast.newTitle'), t('toast.newDescription'));
  }, [t]);

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

  const continueSaved = useCallback((saved: SavedConversation) => {
    replying.current?.abort();
    replying.current = null;
    setDraft(null);
    setConversation({ id: saved.id, messages: saved.messages, awaiting: false });
  }, []);

  const messages = useMemo(
    () => (draft ? [...conversation.messages, draft] : conversation.messages),
    [conversation.messages, draft],
  );

  return {
    messages,
    isEmpty: messages.length === 0,
    pending,
    send,
    /** Ends the reply on its way; what it had said stays. */
    stop,
    /** Asks again; `library`: from the library, once the month's AI replies are used up. */
    retry: (library?: boolean) => askAgain({ library }),
    regenerate: () => askAgain(),
    /** Asks for the reply to a question left without one (the user stopped it early). */
    answer: () => askAgain(),
    startNew,
    save,
    continueSaved,
  };
}
