import { useId, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { SendHorizontal, Square } from 'lucide';
import { MESSAGE_MAX_LENGTH } from '@partak/domain/chat';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { takeTypedBeforeStart } from '@/lib/typed-before-start.ts';

const MIN_HEIGHT = 60;
const MESSAGE_FIELD = 'message';
const MAX_HEIGHT = 120;

/**
 * The message box: it grows from 60 to 120 px and then scrolls. Enter sends, Shift+Enter adds a
 * line, and Enter that confirms an input method's composition (Czech, Japanese…) never sends.
 */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  pending,
  inputRef,
}: {
  /** The text box, for a screen that moves focus back to it. */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Ends the reply on its way (shown while one is). */
  onStop?: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('chat');
  const own = useRef<HTMLTextAreaElement>(null);
  const area = inputRef ?? own;
  const hintId = useId();
  const tooLong = value.trim().length > MESSAGE_MAX_LENGTH;
  const canSend = value.trim() !== '' && !tooLong && !pending;

  // A prerendered page shows this box before the app starts: what was typed into it meanwhile
  // is the user's, so the app takes it over instead of clearing it.
  const startedWith = useRef(value);
  useLayoutEffect(() => {
    const typed = takeTypedBeforeStart(MESSAGE_FIELD);
    if (typed && startedWith.current === '') onChange(typed);
  }, [onChange]);

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    const height = Math.min(Math.max(element.scrollHeight, MIN_HEIGHT), MAX_HEIGHT);
    element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > MAX_HEIGHT ? 'auto' : 'hidden';
  }, [value, area]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
      className="flex flex-col gap-1"
    >
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor={`${hintId}-input`}>
          {t('inputLabel')}
        </label>
        <textarea
          id={`${hintId}-input`}
          name={MESSAGE_FIELD}
          ref={area}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          rows={1}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? hintId : undefined}
          className="min-h-[60px] flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
        />
        {pending && onStop && (
          <button
            type="button"
            onClick={onStop}
            className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
          >
            <Icon icon={Square} />
            <span className="sr-only">{t('reply.stop')}</span>
          </button>
        )}
        <button
          type="submit"
          disabled={!canSend}
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          <Icon icon={SendHorizontal} />
          <span className="sr-only">{t('send')}</span>
        </button>
      </div>
      {tooLong && (
        <p id={hintId} className="text-sm text-red-700">
          {t('tooLong', { count: value.trim().length, max: MESSAGE_MAX_LENGTH })}
        </p>
      )}
    </form>
  );
}
