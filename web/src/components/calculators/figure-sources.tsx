import { taxYear } from '@partak/domain/calculators/tax-year';
import type { Figures } from '@partak/domain/figures';
import { useTranslation } from '@/i18n/use-translation.ts';

/** The authorities' pages the year's rates come from, each once. */
export function FigureSources({ figures, year }: { figures: Figures; year: number }) {
  const { t } = useTranslation('tools');
  const sources = [
    ...new Set((taxYear(figures, year)?.figureIds ?? []).map((id) => figures[id]?.source ?? '')),
  ].filter(Boolean);
  return (
    <details className="text-sm text-slate-600">
      <summary className="cursor-pointer">{t('sources')}</summary>
      <ul className="mt-1 flex flex-col gap-1">
        {sources.map((source) => (
          <li key={source}>
            <a href={source} target="_blank" rel="noreferrer" className="underline">
              {source.replace(/^https:\/\/(www\.)?/, '')}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
