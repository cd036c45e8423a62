import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/lib/cn.ts';

/** The Parťák mark: a speech bubble with a warm dot. Decorative; links around it carry the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('shrink-0', className)}>
      <rect width="64" height="64" rx="16" className="fill-brand-700" />
      <path d="M18 16h18c7.7 0 13 5 13 12s-5.3 12-13 12h-8v8l-10-8z" fill="#fff" />
      <circle cx="44" cy="44" r="6" className="fill-accent-400" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-9" />
      <span className="text-lg font-bold tracking-tight text-brand-900">{t('appName')}</span>
    </span>
  );
}
