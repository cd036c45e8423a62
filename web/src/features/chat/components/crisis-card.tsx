import { useId, type ReactNode } from 'react';
import { LifeBuoy, Phone } from 'lucide';
import { telHref, type Helpline } from '@partak/domain/mentor-events';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * The reply to a person in crisis: set apart from every other reply, with the lines to call as
 * buttons a phone dials at a tap (tel: links) — no coaching, no sources, nothing to scroll past.
 */
export function CrisisCard({
  helplines,
  children,
}: {
  helplines: Helpline[];
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const title = useId();
  return (
    <section
      aria-labelledby={title}
      className="flex flex-col gap-3 rounded-2xl bg-rose-50 p-3 text-slate-900 ring-2 ring-rose-300"
    >
      <h2 id={title} className="flex items-center gap-2 font-bold text-rose-900">
        <Icon icon={LifeBuoy} className="size-5" />
        {t('crisis.title')}
      </h2>
      {children}
      <ul className="flex flex-col gap-2">
        {helplines.map((line) => (
          <li key={line.number}>
            <a
              href={telHref(line.number)}
              className="flex items-center gap-3 rounded-xl bg-rose-700 px-4 py-3 font-semibold text-white hover:bg-rose-800"
            >
              <Icon icon={Phone} className="size-5 shrink-0" />
              <span className="flex flex-col">
                <span>{t('crisis.call', { number: line.number })}</span>
                <span className="text-sm font-normal text-rose-50">
                  {line.name}
                  {line.note ? ` · ${line.note}` : ''}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
