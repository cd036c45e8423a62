import { BookOpen, Crown, RotateCcw } from 'lucide';
import { Link } from 'react-router';
import type { ErrorCode } from '@partak/domain/error-codes';
import { href } from '@partak/domain/routes';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

const ACTION =
  'flex items-center gap-2 self-start rounded-xl bg-white px-3 py-2 font-semibold text-red-900 ring-1 ring-red-200 hover:bg-red-100';

/**
 * Under a reply that failed: what went wrong, and (on the last reply) a way to ask again. When
 * the month's AI replies are used up, the two ways on: the library answers the same question, or
 * the offer.
 */
export function ReplyFailure({
  code,
  onRetry,
}: {
  code: ErrorCode;
  onRetry?: (library?: boolean) => void;
}) {
  const { t } = useTranslation('chat');
  const { t: errors } = useTranslation('errors');
  const usedUp = code === 'model_replies_used_up';
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-2xl bg-red-50 p-3 text-sm text-red-900"
    >
      <p>
        {!usedUp && <strong>{t('reply.failed')} </strong>}
        {errors(code)}
      </p>
      {onRetry && (
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => onRetry(usedUp)} className={ACTION}>
            <Icon icon={usedUp ? BookOpen : RotateCcw} className="size-4" />
            {usedUp ? t('reply.fromLibrary') : t('reply.retry')}
          </button>
          {usedUp && (
            <Link to={href('subscription')} className={ACTION}>
              <Icon icon={Crown} className="size-4" />
              {t('reply.subscribe')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
