import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight, type IconNode } from 'lucide';
import { Icon } from './icon.tsx';
import { IconTile } from './icon-tile.tsx';

/** A tappable card: icon, title, description (and an optional extra line), leading somewhere. */
export function LinkCard({
  to,
  icon,
  tone,
  title,
  description,
  extra,
}: {
  to: string;
  icon: IconNode;
  tone?: 'brand' | 'accent';
  title: string;
  description: string;
  extra?: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="flex items-center gap-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-200"
    >
      <IconTile icon={icon} tone={tone} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-600">{description}</span>
        {extra}
      </span>
      <Icon icon={ChevronRight} className="text-slate-400" />
    </Link>
  );
}
