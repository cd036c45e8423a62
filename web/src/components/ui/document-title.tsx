import { useTranslation } from '@/i18n/use-translation.ts';

/** Sets the tab title to "<page> · Parťák" (React hoists <title> into <head>). */
export function DocumentTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const app = t('appName');
  return <title>{title ? `${title} · ${app}` : app}</title>;
}
