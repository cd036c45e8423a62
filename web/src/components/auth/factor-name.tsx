import { useTranslation } from '@/i18n/use-translation.ts';
import type { SecondFactor } from '@/lib/auth/factors.ts';

/** A factor's name and, when the name does not say it already, its kind. */
export function FactorName({ factor }: { factor: SecondFactor }) {
  const { t } = useTranslation('auth');
  const kind = t(`factor.${factor.type}`);
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium break-words text-slate-900">{factor.name || kind}</span>
      {factor.name && factor.name !== kind && (
        <span className="text-sm text-slate-600">{kind}</span>
      )}
    </span>
  );
}
