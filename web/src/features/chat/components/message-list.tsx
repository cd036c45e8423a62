import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@partak/domain/chat';
import type { SuggestedGoal } from '@partak/domain/mentor-events';
import { useTranslation } from '@/i18n/use-translation.ts';
import { MessageItem } from './message-item.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

export interface ReplyActions {
  /** Asks again for the last reply, when it failed. */
  onRetry: (library?: boolean) => void;
  /** Asks again for the last reply, when it is finished. */
  onRegenerate: () => void;
  /** Asks for the reply to the last question, when none came. */
  onAnswer: () => void;
  onAddGoal: (goal: SuggestedGoal) => void;
  /** Sends a choice the last reply offered. */
  onChoose: (choice: string) => void;
}

/** How close to the bottom (px) still counts as following the conversation. */
const FOLLOWING = 120;
const atBottom = () =>
  window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - FOLLOWING;

/**
 * The conversation. It is an ARIA log, so screen readers announce each new message politely,
 * and busy while a reply streams in, so they read it once it is whole rather than in pieces. A new
 * message is scrolled into view; a reply growing keeps the view at the bottom only for a reader
 * who is there, never pulling back someone who scrolled up to read. Replies are Markdown,
 * rendered safely; what the user wrote is shown as typed.
 */
export function MessageList({
  messages,
  pending,
  onRetry,
  onRegenerate,
  onAnswer,
  onAddGoal,
  onChoose,
}: { messages: ChatMessage[]; pending: boolean } & ReplyActions) {
  const { t } = useTranslation('chat');
  const end = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lastMessage = messages.at(-1);
  const waiting = pending && lastMessage?.role === 'user';

  useEffect(() => {
    const onScroll = () => {
      following.current = atBottom();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // A new message, or the typing indicator appearing: into view.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
    following.current = true;
  }, [messages.length, waiting]);

  // The streaming reply growing: follow it only if the reader is following.
  const growing = pending ? lastMessage?.content : undefined;
  useEffect(() => {
    if (growing !== undefined && following.current) end.current?.scrollIntoView?.({ block: 'end' });
  }, [growing]);

  return (
    <div className="flex flex-col gap-3 py-4">
      {/* The log holds the list (an ARIA log on the <ol> itself would leave its items outside a list). */}
      <div role="log" aria-label={t('log')} aria-busy={pending || undefined}>
        <ol className="flex flex-col gap-3">
          {messages.map((message, index) => {
            const last = index === messages.length - 1;
            const idle = last && !pending;
            return (
              <MessageItem
                key={`${message.timestamp}-${index}`}
                message={message}
                streaming={last && pending}
                onAddGoal={onAddGoal}
                onRetry={idle && message.error ? onRetry : undefined}
                onRegenerate={idle && message.role === 'assistant' ? onRegenerate : undefined}
                onAnswer={idle && message.role === 'user' ? onAnswer : undefined}
                onChoose={idle && message.choices ? onChoose : undefined}
              />
            );
          })}
        </ol>
      </div>
      {waiting && <TypingIndicator />}
      <div ref={end} />
    </div>
  );
}
