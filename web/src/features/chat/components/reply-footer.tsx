import { BookOpen, Copy, Flag, RotateCcw } from 'lucide';
import type { ChatMessage } from '@partak/domain/chat';
import type { SuggestedGoal } from '@partak/domain/mentor-events';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from '@/lib/toast.ts';

const actionClass =
  'flex items-center gap-1.5 rounded-xl px-2.5 py-1.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50';

/**
 * Under a finished reply: who wrote it (the library or an AI model), the library articles it
 * leans on, a goal it offers, and Copy — plus Regenerate on the last reply.
 */
export function ReplyFooter({
  reply,
  onRegenerate,
  onAddGoal,
}: {
  reply: ChatMessage;
  /** Only on the last reply, when nothing else is on its way. */
  onRegenerate?: () => void;
  onAddGoal: (goal: SuggestedGoal) => void;
}) {
  const { t } = useTranslation('chat');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reply.content);
      toast.success(t('reply.copied'));
    } catch {
      // No clipboard permission, or an insecure page: the user can still select the text.
      toast.error(t('reply.copyFailed'));
    }
  };
  const { goal } = reply;

  return (
    <div className="flex flex-col gap-2 pt-1">
      {reply.sources && reply.sources.length > 0 && (
        <ul aria-label={t('reply.sources')} className="flex flex-wrap gap-1.5">
          {reply.sources.map((source) => (
            <li key={source.url}>
              <Link
                to={source.url}
                className="flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-100 hover:ring-brand-300"
              >
                <Icon icon={BookOpen} className="size-3.5" />
                {source.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        {reply.mentor && (
          <span
            title={t(`reply.fromTitle.${reply.mentor}`)}
            className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700"
          >
            {t(`reply.from.${reply.mentor}`)}
          </span>
        )}
        {goal && (
          <button type="button" onClick={() => onAddGoal(goal)} className={actionClass}>
            <Icon icon={Flag} className="size-3.5" />
            {t('reply.addGoal')} · {t('reply.addGoalSteps', { count: goal.steps })}
          </button>
        )}
        <button type="button" onClick={() => void copy()} className={actionClass}>
          <Icon icon={Copy} className="size-3.5" />
          {t('reply.copy')}
        </button>
        {onRegenerate && (
          <button type="button" onClick={onRegenerate} className={actionClass}>
            <Icon icon={RotateCcw} className="size-3.5" />
            {t('reply.regenerate')}
          </button>
        )}
      </div>
    </div>
  );
}
