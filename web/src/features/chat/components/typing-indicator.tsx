import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/lib/cn.ts';

const DOT_DELAYS = ['[animation-delay:0ms]', '[animation-delay:150ms]', '[animation-delay:300ms]'];

/** Three dots while the mentor has not written its first words yet. */
export function TypingIndicator() {
  const { t } = useTranslation('chat');
  return (
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
  );
}
