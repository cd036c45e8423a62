import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SuggestedGoal } from '@partak/domain/mentor-events';
import { href } from '@partak/domain/routes';
import { useTranslation } from '@/i18n/use-translation.ts';
import { readChatHandOff } from '@/lib/chat-hand-off.ts';
import { offerGoal } from '@/lib/goal-hand-off.ts';
import { conversationsStore } from '@/lib/data/conversations.ts';
import { toast } from '@/lib/toast.ts';
import { useHandOff } from '@/lib/use-hand-off.ts';
import { useChat } from '../use-chat.ts';
import { ChatHeader } from './chat-header.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { MotivationalQuote } from './motivational-quote.tsx';
import { SuggestedPrompts } from './suggested-prompts.tsx';

/**
 * The chat: header, a quote, the conversation (or suggestions when empty) and the message box.
 * `aboveComposer`: what the app puts just above the message box (the business profile's
 * onboarding), never in its way.
 */
export function ChatScreen({ aboveComposer }: { aboveComposer?: ReactNode } = {}) {
  const { t } = useTranslation('chat');
  const chat = useChat();
  const navigate = useNavigate();
  const input = useRef<HTMLTextAreaElement>(null);
  // A question from a topic, or a saved conversation from the history. A question goes into the
  // box when a conversation is already on.
  const handOff = useHandOff(readChatHandOff);
  const [draft, setDraft] = useState(() =>
    handOff && 'initialMessage' in handOff && !chat.isEmpty ? handOff.initialMessage : '',
  );

  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !handOff) return;
    handled.current = true;
    if ('conversationId' in handOff) {
      // A one-time hand-off from the history, not a loader (decision 021).
      // eslint-disable-next-line no-restricted-syntax
      void conversationsStore.read().then((saved) => {
        const found = saved.find((c) => c.id === handOff.conversationId);
        if (found) {
          chat.continueSaved(found);
          // The history entry that was chosen is gone: focus goes to the box, to go on typing.
          input.current?.focus();
        } else toast.error(t('toast.missingTitle'), t('toast.missingDescription'));
      });
    } else if (chat.isEmpty) {
      chat.send(handOff.initialMessage);
    }
  }, [handOff, chat, t]);

  const send = () => {
    if (chat.send(draft)) setDraft('');
  };
  /** The button pressed goes away with what it did: focus goes back to the message box. */
  const thenType = (action: () => void) => () => {
    action();
    input.current?.focus();
  };
  /** A choice the mentor offered is sent as the user's answer; the box stays at hand. */
  const choose = (choice: string) => {
    chat.send(choice);
    input.current?.focus();
  };
  const addGoal = useCallback(
    (goal: SuggestedGoal) => void navigate(href('goals'), { state: offerGoal(goal) }),
    [navigate],
  );

  return (
    <div className="flex min-h-[calc(100dvh-13rem)] flex-col gap-3">
      <ChatHeader onSave={() => void chat.save()} onNew={chat.startNew} />
      <MotivationalQuote />
      <div className="flex-1">
        {chat.isEmpty ? (
          <SuggestedPrompts onPick={(prompt) => chat.send(prompt)} />
        ) : (
          <MessageList
            messages={chat.messages}
            pending={chat.pending}
            onRetry={(library) => {
              chat.retry(library);
              input.current?.focus();
            }}
            onRegenerate={thenType(chat.regenerate)}
            onAnswer={thenType(chat.answer)}
            onAddGoal={addGoal}
            onChoose={choose}
          />
        )}
      </div>
      {aboveComposer}
      <div className="sticky bottom-20 bg-white/95 pt-2 pb-2 backdrop-blur">
        <Composer
          inputRef={input}
          value={draft}
          onChange={setDraft}
          onSend={send}
          onStop={thenType(chat.stop)}
          pending={chat.pending}
        />
      </div>
    </div>
  );
}
