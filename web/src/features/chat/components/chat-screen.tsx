import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href } from '@partak/domain/routes';
import { useTranslation } from '@/i18n/use-translation.ts';
import { readChatHandOff } from '@/lib/chat-hand-off.ts';
import { offerGoal } from '@/lib/goal-hand-off.ts';
import { conversationsStore } from '@/lib/data/conversations.ts';
import { toast } from '@/lib/toast.ts';
import { useChat } from '../use-chat.ts';
import { ChatHeader } from './chat-header.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { MotivationalQuote } from './motivational-quote.tsx';
import { SuggestedPrompts } from './suggested-prompts.tsx';

/** The chat: header, a quote, the conversation (or suggestions when empty) and the message box. */
export function ChatScreen() {
  const { t } = useTranslation('chat');
  const chat = useChat();
  const location = useLocation();
  const navigate = useNavigate();
  // A question from a topic, or a saved conversation from the history, arrives as navigation
  // state when the chat opens. A question goes into the box when a conversation is already on.
  const [handOff] = useState(() => readChatHandOff(location.state));
  const [draft, setDraft] = useState(() =>
    handOff && 'initialMessage' in handOff && !chat.isEmpty ? handOff.initialMessage : '',
  );

  // Act on the hand-off once, then clear the navigation state so that a reload or a step back
  // does not act again.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !handOff) return;
    handled.current = true;
    void navigate(location.pathname, { replace: true, state: null });
    if ('conversationId' in handOff) {
      void conversationsStore.read().then((saved) => {
        const found = saved.find((c) => c.id === handOff.conversationId);
        if (found) chat.continueSaved(found);
        else toast.error(t('toast.missingTitle'), t('toast.missingDescription'));
      });
    } else if (chat.isEmpty) {
      chat.send(handOff.initialMessage);
    }
  }, [handOff, location.pathname, navigate, chat, t]);

  const send = () => {
    if (chat.send(draft)) setDraft('');
  };

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
            onRetry={chat.retry}
            onRegenerate={chat.regenerate}
            onAddGoal={(goal) => void navigate(href('goals'), { state: offerGoal(goal) })}
          />
        )}
      </div>
      <div className="sticky bottom-20 bg-white/95 pt-2 pb-2 backdrop-blur">
        <Composer
          value={draft}
          onChange={setDraft}
          onSend={send}
          onStop={chat.stop}
          pending={chat.pending}
        />
      </div>
    </div>
  );
}
