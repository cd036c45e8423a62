import { Calculator, ChartLine, PiggyBank, Receipt, Scale, type IconNode } from 'lucide';
import { href } from '@partak/domain/routes';
import { CALCULATOR_IDS, type CalculatorId } from '@partak/domain/calculators/types';
import { LinkCard } from '@/components/ui/link-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

const ICONS: Record<CalculatorId, IconNode> = {
  'hourly-rate': Calculator,
  pausal: Scale,
  'put-aside': PiggyBank,
  'vat-watch': ChartLine,
  'osvc-vs-sro': Receipt,
};

/** The calculators, one card each. */
export function ToolsList() {
  const { t } = useTranslation('tools');
  return (
    <ul className="flex flex-col gap-3">
      {CALCULATOR_IDS.map((id) => (
        <li key={id}>
          <LinkCard
            to={href('tool', { calculatorId: id })}
            icon={ICONS[id]}
            title={t(`calculators.${id}.title`)}
            description={t(`calculators.${id}.description`)}
          />
        </li>
      ))}
    </ul>
  );
}
