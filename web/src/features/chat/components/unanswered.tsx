import { MessageCircleReply } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/** Under the user's last question when no reply came (they stopped it before its first word). */
export function Unanswered({ onAnswer }: { onAnswer: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <span>{t('reply.unanswered')}</span>
      <button
        type="button"
        onClick={onAnswer}
        className="flex items-center gap-1.5 rounded-xl px-2.5 py-1.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
      >
        <Icon icon={MessageCircleReply} className="size-3.5" />
        {t('reply.answer')}
      </button>
    </div>
  );
}
