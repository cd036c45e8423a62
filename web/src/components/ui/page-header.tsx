import { DocumentTitle } from './document-title.tsx';

/** The heading every screen starts with; it also names the browser tab. */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="flex flex-col gap-1">
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description && <p className="text-slate-700">{description}</p>}
    </header>
  );
}
