import { Suspense } from 'react';
import { Link } from 'react-router';
import type { CalculatorCard as Card } from '@partak/domain/mentor-events';
import { href } from '@partak/domain/routes';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { CalculatorCard } from './calculator-card.tsx';

/** `/nastroje/<id>?netMonthlyIncome=60000`: the full screen, starting from the card's input. */
export function toolHref(card: Card): string {
  const query = new URLSearchParams(
    Object.entries(card.input ?? {}).map(([name, value]) => [name, String(value)]),
  ).toString();
  return href('tool', { calculatorId: card.id }) + (query ? `?${query}` : '');
}

function Filled({ card }: { card: Card }) {
  const { t } = useTranslation('tools');
  const [profile] = useStored('business-profile', businessProfileStore);
  return (
    <>
      <p className="font-semibold text-slate-900">{t(`calculators.${card.id}.title`)}</p>
      <CalculatorCard id={card.id} profile={profile} input={card.input} compact />
      <Link to={toolHref(card)} className="self-start font-medium text-brand-700 underline">
        {t('open')}
      </Link>
    </>
  );
}

/**
 * A calculator a mentor's reply offers, under the reply: the same form and answer as on
 * `/nastroje/<id>`, compact, and a link to the full screen. It suspends on its own (dictionary,
 * figures.json, the profile), so the conversation above it never blanks while it loads.
 */
export function CalculatorChatCard({ card }: { card: Card }) {
  return (
    <div className="mt-2 flex flex-col gap-3 rounded-2xl p-3 ring-1 ring-slate-200">
      <Suspense fallback={<div aria-busy="true" className="h-24" />}>
        <Filled card={card} />
      </Suspense>
    </div>
  );
}
