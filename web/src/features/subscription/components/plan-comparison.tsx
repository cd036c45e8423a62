import { PLAN_LINES, type PlanLine } from '@partak/domain/entitlements';
import type { BillingStatus } from '@partak/domain/api/billing';
import { useTranslation } from '@/i18n/use-translation.ts';

/** The free plan's numbers: the account's own limits once known, otherwise the defaults. */
export interface FreeNumbers {
  modelReplies: number;
  savedConversations: number;
}

/** From the account's usage: the limit it would have on the free plan. */
export function freeNumbersOf(
  status: BillingStatus | undefined,
  defaults: FreeNumbers,
): FreeNumbers {
  return {
    modelReplies: status?.usage.modelReplies.limit ?? defaults.modelReplies,
    savedConversations: status?.usage.savedConversations.limit ?? defaults.savedConversations,
  };
}

/**
 * What each plan gets, from the one definition in `@partak/domain/entitlements`. Without an AI
 * model on this server, the model's line is left out: no one would get it either way.
 */
export function PlanComparison({ free, modelMentor }: { free: FreeNumbers; modelMentor: boolean }) {
  const { t } = useTranslation('subscription');
  const lines = PLAN_LINES.filter((line) => modelMentor || line.feature !== 'modelReplies');
  const freeCell = (line: PlanLine) => {
    if (line.free === 'included') return t('plans.included');
    return line.feature === 'modelReplies'
      ? t('plans.limited.modelReplies', { value: free.modelReplies })
      : t('plans.limited.savedConversations', { value: free.savedConversations });
  };
  return (
    <table className="w-full text-start text-sm">
      <caption className="mb-2 text-start text-base font-bold text-slate-900">
        {t('plans.title')}
      </caption>
      <thead>
        <tr className="text-slate-600">
          <th scope="col" className="py-1 text-start font-semibold">
            <span className="sr-only">{t('plans.feature')}</span>
          </th>
          <th scope="col" className="py-1 text-start font-semibold">
            {t('plans.free')}
          </th>
          <th scope="col" className="py-1 text-start font-semibold">
            {t('plans.premium')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.feature} className="border-t border-slate-200">
            <th scope="row" className="py-2 pe-2 text-start font-medium text-slate-900">
              {t(`plans.features.${line.feature}`)}
            </th>
            <td className="py-2 pe-2 text-slate-700">{freeCell(line)}</td>
            <td className="py-2 text-slate-700">
              {t(line.premium === 'included' ? 'plans.included' : 'plans.unlimited')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
