import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@partak/domain/chat';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/lib/cn.ts';
import { formatTime } from '@/lib/format.ts';
import { ReplyFailure } from './reply-failure.tsx';

const DOT_DELAYS = ['[animation-delay:0ms]', '[animation-delay:150ms]', '[animation-delay:300ms]'];

/**
 * The conversation. It is an ARIA log, so screen readers announce each new message politely; the
 * newest message (or the typing indicator) is kept in view.
 */
export function MessageList({
  messages,
  pending,
  onRetry,
}: {
  messages: ChatMessage[];
  pending: boolean;
  /** Asks again for the last reply, when it failed. */
  onRetry: () => void;
}) {
  const { t, language } = useTranslation('chat');
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [messages, pending]);

  return (
    <div className="flex flex-col gap-3 py-4">
      <ol role="log" aria-label={t('log')} className="flex flex-col gap-3">
        {messages.map((message, index) => {
          const mine = message.role === 'user';
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
                {message.content && (
                  <p className="whitespace-pre-wrap break-words">{message.content}</p>
                )}
                {message.error && (
                  <ReplyFailure
                    code={message.error}
                    onRetry={index === messages.length - 1 && !pending ? onRetry : undefined}
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
      {pending && (
        <div role="status" className="flex justify-start">
          <div className="flex items-center gap-1 rounded-3xl rounded-bl-lg bg-white px-4 py-4 ring-1 ring-slate-200">
            {DOT_DELAYS.map((delay) => (
              <span
                key={delay}
                aria-hidden="true"
                data-testid="typing-dot"
                className={cn(
                  'size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none',
                  delay,
                )}
              />
            ))}
            <span className="sr-only">{t('typing')}</span>
          </div>
        </div>
      )}
      <div ref={end} />
    </div>
  );
}
