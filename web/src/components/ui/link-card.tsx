import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight, type IconNode } from 'lucide';
import { cn } from '@/lib/cn.ts';
import { Icon } from './icon.tsx';
import { IconTile, type IconTone } from './icon-tile.tsx';

const LOOKS = {
  /** A card in a list. */
  plain: {
    card: 'bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:shadow-md hover:ring-brand-200',
    title: 'font-semibold text-slate-900',
    description: 'text-sm text-slate-600',
    chevron: 'text-slate-400',
  },
  /** A way somewhere the screen wants to be seen (the library from the topics). */
  featured: {
    card: 'bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-md hover:shadow-lg',
    title: 'text-lg font-bold',
    description: 'text-sm text-brand-100',
    chevron: '',
  },
  /** A quieter way on (the statistics from the settings). */
  soft: {
    card: 'bg-brand-50 p-5 ring-1 ring-brand-100 hover:ring-brand-300',
    title: 'font-semibold text-slate-900',
    description: 'text-sm text-slate-700',
    chevron: 'text-slate-500',
  },
} as const;

const TILES: Record<keyof typeof LOOKS, IconTone | undefined> = {
  plain: undefined,
  featured: 'onDark',
  soft: 'solid',
};

/** A tappable card: icon, title, description (and an optional extra line), leading somewhere. */
export function LinkCard({
  to,
  icon,
  tone,
  look = 'plain',
  title,
  description,
  extra,
}: {
  to: string;
  icon: IconNode;
  /** The icon's colours on a plain card. */
  tone?: 'brand' | 'accent';
  look?: keyof typeof LOOKS;
  title: string;
  description: string;
  extra?: ReactNode;
}) {
  const styles = LOOKS[look];
  return (
    <Link to={to} className={cn('flex items-center gap-4 rounded-3xl transition', styles.card)}>
      <IconTile icon={icon} tone={TILES[look] ?? tone} size={look === 'featured' ? 'lg' : 'md'} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={styles.title}>{title}</span>
        <span className={styles.description}>{description}</span>
        {extra}
      </span>
      <Icon icon={ChevronRight} className={styles.chevron} />
    </Link>
  );
}
