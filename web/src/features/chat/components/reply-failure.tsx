import { RotateCcw } from 'lucide';
import type { ErrorCode } from '@partak/domain/error-codes';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/** Under a reply that failed: what went wrong, and (on the last reply) a way to ask again. */
export function ReplyFailure({ code, onRetry }: { code: ErrorCode; onRetry?: () => void }) {
  const { t } = useTranslation('chat');
  const { t: errors } = useTranslation('errors');
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-2xl bg-red-50 p-3 text-sm text-red-900"
    >
      <p>
        <strong>{t('reply.failed')}</strong> {errors(code)}
      </p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="flex items-center gap-2 self-start rounded-xl bg-white px-3 py-2 font-semibold text-red-900 ring-1 ring-red-200 hover:bg-red-100"
        >
          <Icon icon={RotateCcw} className="size-4" />
          {t('reply.retry')}
        </button>
      )}
    </div>
  );
}
