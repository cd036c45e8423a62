import { memo } from 'react';
import type { ChatMessage } from '@partak/domain/chat';
import type { SuggestedGoal } from '@partak/domain/mentor-events';
import { useTranslation } from '@/i18n/use-translation.ts';
import { CalculatorChatCard } from '@/components/calculators/calculator-chat-card.tsx';
import { cn } from '@/lib/cn.ts';
import { formatTime } from '@/lib/format.ts';
import { CrisisCard } from './crisis-card.tsx';
import { ReplyChoices } from './reply-choices.tsx';
import { ReplyFailure } from './reply-failure.tsx';
import { ReplyFooter } from './reply-footer.tsx';
import { ReplyMarkdown } from './reply-markdown.tsx';
import { Unanswered } from './unanswered.tsx';

/** What the last message offers, when nothing is on its way. */
export interface LastMessageActions {
  /** Under a reply that failed. */
  onRetry?: (library?: boolean) => void;
  /** Under a finished reply. */
  onRegenerate?: () => void;
  /** Under a question left without a reply. */
  onAnswer?: () => void;
  /** Under a finished reply that offers choices: sends the one tapped. */
  onChoose?: (choice: string) => void;
}

/**
 * One message of the conversation. Memoised: while a reply streams in, only it re-renders, not
 * every earlier message's Markdown.
 */
export const MessageItem = memo(function MessageItem({
  message,
  streaming,
  onAddGoal,
  ...last
}: {
  message: ChatMessage;
  /** The reply is still arriving: no footer yet. */
  streaming: boolean;
  onAddGoal: (goal: SuggestedGoal) => void;
} & LastMessageActions) {
  const { t, language } = useTranslation('chat');
  const mine = message.role === 'user';
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
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
        ) : message.helplines ? (
          <CrisisCard helplines={message.helplines}>
            {message.content && <ReplyMarkdown text={message.content} />}
          </CrisisCard>
        ) : (
          message.content && <ReplyMarkdown text={message.content} />
        )}
        {!mine && message.calculator && <CalculatorChatCard card={message.calculator} />}
        {!mine && message.choices && last.onChoose && (
          <ReplyChoices choices={message.choices} onChoose={last.onChoose} />
        )}
        {message.error && <ReplyFailure code={message.error} onRetry={last.onRetry} />}
        {!mine && !message.error && !streaming && (
          <ReplyFooter reply={message} onRegenerate={last.onRegenerate} onAddGoal={onAddGoal} />
        )}
        <time
          dateTime={message.timestamp}
          className={cn('self-end text-xs', mine ? 'text-brand-100' : 'text-slate-600')}
        >
          {formatTime(message.timestamp, language)}
        </time>
      </div>
      {mine && last.onAnswer && <Unanswered onAnswer={last.onAnswer} />}
    </li>
  );
});
