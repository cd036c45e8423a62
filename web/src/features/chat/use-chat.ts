import { useCallback, useEffect, useRef, useState } from 'react';
import { validateMessage, type ChatMessage, type SavedConversation } from '@partak/domain/chat';
import { DEFAULT_LANGUAGE, toSupportedLanguage } from '@partak/domain/languages';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/activity-log.ts';
import { saveConversation } from '@/lib/saved-conversations.ts';
import { toast } from '@/lib/toast.ts';
import {
  EMPTY_CONVERSATION,
  readCurrentConversation,
  writeCurrentConversation,
  type CurrentConversation,
} from './current-conversation.ts';
import type { Mentor } from './mentor/mentor.ts';
import { offlineMentor } from './mentor/offline-mentor.ts';

/**
 * The conversation in progress: sending, the mentor's streamed reply, new, save and continuing a
 * saved one. It is kept in session storage, and a reply cut off by a reload is asked for again.
 */
export function useChat(mentor: Mentor = offlineMentor) {
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
    async (id: number, history: ChatMessage[]) => {
      replying.current?.abort();
      const controller = new AbortController();
      replying.current = controller;
      setPending(true);
      const timestamp = new Date().toISOString();
      let content = '';
      try {
        const lang = toSupportedLanguage(language) ?? DEFAULT_LANGUAGE;
        for await (const piece of mentor.reply(history, lang, controller.signal)) {
          if (controller.signal.aborted) break;
          content += piece;
          const reply: ChatMessage = { role: 'assistant', content, timestamp };
          setConversation((current) =>
            current.id === id ? { id, messages: [...history, reply] } : current,
          );
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
    const last = conversation.messages.at(-1);
    if (conversation.id !== null && last?.role === 'user') {
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
      const id = conversation.id ?? Date.now();
      const message: ChatMessage = {
        role: 'user',
        content: check.content,
        timestamp: new Date().toISOString(),
      };
      const messages = [...conversation.messages, message];
      setConversation({ id, messages });
      recordActivity('message_sent', String(id));
      void requestReply(id, messages);
      return true;
    },
    [conversation, pending, requestReply],
  );

  const startNew = useCallback(() => {
    stopReply();
    setConversation(EMPTY_CONVERSATION);
    toast.success(t('toast.newTitle'), t('toast.newDescription'));
  }, [stopReply, t]);

  const save = useCallback(() => {
    if (conversation.id === null || conversation.messages.length === 0) {
      toast.error(t('toast.emptyTitle'), t('toast.emptyDescription'));
      return;
    }
    const result = saveConversation({
      id: conversation.id,
      timestamp: new Date().toISOString(),
      messages: conversation.messages,
    });
    if (result === 'ok') {
      recordActivity('conversation_saved', String(conversation.id));
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
    startNew,
    save,
    continueSaved,
  };
}
