import { useId, type ReactNode } from 'react';
import type { RegistryEntry } from '@partak/domain/business-profile';
import { useTranslation } from '@/i18n/use-translation.ts';
import { registryLegalForm } from './registry.ts';

/** What ARES says about an IČO, read-only ("Údaje z ARES"), with what the user may do about it. */
export function RegistryDetails({
  entry,
  children,
}: {
  entry: RegistryEntry;
  children: ReactNode;
}) {
  const { t } = useTranslation('business');
  const headingId = useId();
  const legalForm = registryLegalForm(entry);
  const rows: [string, string | undefined][] = [
    [t('registry.name'), entry.name],
    [
      t('registry.legalForm'),
      legalForm
        ? t(`registry.${legalForm}`)
        : entry.legalFormCode && t('registry.legalFormCode', { code: entry.legalFormCode }),
    ],
    [t('registry.address'), entry.address],
    [t('registry.nace'), entry.nace.join(', ') || undefined],
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 id={headingId} className="font-bold text-slate-900">
        {t('registry.title')}
      </h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      {children}
    </section>
  );
}
