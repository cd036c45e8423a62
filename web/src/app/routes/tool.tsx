import { useParams, useSearchParams } from 'react-router';
import { CALCULATOR_IDS, type CalculatorId } from '@partak/domain/calculators/types';
import { href } from '@partak/domain/routes';
import { CalculatorCard } from '@/components/calculators/calculator-card.tsx';
import { BackLink } from '@/components/ui/back-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { NotFoundPage } from './not-found.tsx';

const isCalculatorId = (id: string | undefined): id is CalculatorId =>
  CALCULATOR_IDS.includes(id as CalculatorId);

/** One calculator, filled from the profile and from the query (`?regime=…` from a chat card). */
export function ToolPage() {
  const { calculatorId } = useParams();
  const [query] = useSearchParams();
  const { t } = useTranslation('tools');
  const [profile] = useStored('business-profile', businessProfileStore);
  if (!isCalculatorId(calculatorId)) return <NotFoundPage />;
  const input = Object.fromEntries(query.entries());
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={href('tools')}>{t('back')}</BackLink>
      <PageHeader
        title={t(`calculators.${calculatorId}.title`)}
        description={t(`calculators.${calculatorId}.description`)}
      />
      <SectionCard>
        <CalculatorCard key={calculatorId} id={calculatorId} profile={profile} input={input} />
      </SectionCard>
    </div>
  );
}
