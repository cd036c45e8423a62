import { useId, type Ref } from 'react';
import { Search } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * The search field above the saved conversations. While something is typed, the number found is
 * announced politely (screen readers hear it without losing their place).
 */
export function HistorySearch({
  ref,
  query,
  onChange,
  found,
}: {
  ref?: Ref<HTMLInputElement>;
  query: string;
  onChange: (query: string) => void;
  found: number;
}) {
  const { t } = useTranslation('history');
  const id = useId();
  return (
    <div role="search" className="flex flex-col gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <div className="relative">
        <Icon
          icon={Search}
          className="pointer-events-none absolute start-4 top-1/2 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          ref={ref}
          type="search"
          value={query}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          className="min-h-11 w-full rounded-2xl border border-slate-300 bg-white py-2.5 ps-12 pe-4 text-base text-slate-900 focus:border-brand-700"
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {query.trim() ? t('search.results', { count: found }) : ''}
      </p>
    </div>
  );
}
