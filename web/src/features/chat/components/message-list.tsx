import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@partak/domain/chat';
import type { SuggestedGoal } from '@partak/domain/mentor-events';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/lib/cn.ts';
import { formatTime } from '@/lib/format.ts';
import { ReplyFailure } from './reply-failure.tsx';
import { ReplyFooter } from './reply-footer.tsx';
import { ReplyMarkdown } from './reply-markdown.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

export interface ReplyActions {
  /** Asks again for the last reply, when it failed. */
  onRetry: () => void;
  /** Asks again for the last reply, when it is finished. */
  onRegenerate: () => void;
  onAddGoal: (goal: SuggestedGoal) => void;
}

/**
 * The conversation. It is an ARIA log, so screen readers announce each new message politely; the
 * newest message (or the typing indicator, until the mentor's first words) is kept in view.
 * Replies are Markdown, rendered safely; what the user wrote is shown as typed.
 */
export function MessageList({
  messages,
  pending,
  ...actions
}: { messages: ChatMessage[]; pending: boolean } & ReplyActions) {
  const { t, language } = useTranslation('chat');
  const end = useRef<HTMLDivElement>(null);
  const waiting = pending && messages.at(-1)?.role === 'user';

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [messages, pending]);

  return (
    <div className="flex flex-col gap-3 py-4">
      <ol role="log" aria-label={t('log')} className="flex flex-col gap-3">
        {messages.map((message, index) => {
          const mine = message.role === 'user';
          const last = index === messages.length - 1;
          return (
            <li
              key={`${message.timestamp}-${index}`}
              className={cn('flex', mine ? 'justify-end' : 'justify-start')}
            >
              <div
                className={cn(
                  'flex max-w-[85%] flex-col gap-1 rounded-3xl px-4 py-3 shadow-sm',
                  mine
                    ? 'rounded-br-lg bg-brand-700 text-white'
                    : 'rounded-bl-lg bg-white text-slate-900 ring-1 ring-slate-200',
                )}
              >
                <span className="sr-only">{mine ? t('you') : t('mentorName')}:</span>
                {mine ? (
                  <p className="break-words whitespace-pre-wrap">{message.content}</p>
                ) : (
                  message.content && <ReplyMarkdown text={message.content} />
                )}
                {message.error && (
                  <ReplyFailure
                    code={message.error}
                    onRetry={last && !pending ? actions.onRetry : undefined}
                  />
                )}
                {!mine && !message.error && !(last && pending) && (
                  <ReplyFooter
                    reply={message}
                    onRegenerate={last ? actions.onRegenerate : undefined}
                    onAddGoal={actions.onAddGoal}
                  />
                )}
                <time
                  dateTime={message.timestamp}
                  className={cn('self-end text-xs', mine ? 'text-brand-100' : 'text-slate-600')}
                >
                  {formatTime(message.timestamp, language)}
                </time>
              </div>
            </li>
          );
        })}
      </ol>
      {waiting && <TypingIndicator />}
      <div ref={end} />
    </div>
  );
}
