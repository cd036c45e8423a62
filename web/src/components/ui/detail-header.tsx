import type { IconNode } from 'lucide';
import { DocumentTitle } from './document-title.tsx';
import { IconTile } from './icon-tile.tsx';

/** The head of a detail screen: a large icon beside the title and its description. */
export function DetailHeader({
  icon,
  tone,
  title,
  description,
}: {
  icon: IconNode;
  tone?: 'brand' | 'accent';
  title: string;
  description: string;
}) {
  return (
    <header className="flex items-start gap-4">
      <DocumentTitle title={title} />
      <IconTile icon={icon} tone={tone} size="lg" />
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-700">{description}</p>
      </div>
    </header>
  );
}
