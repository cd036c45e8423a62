import { DocumentTitle } from './document-title.tsx';

/** The heading every screen starts with; it also names the browser tab. */
export function PageHeader({ title }: { title: string }) {
  return (
    <>
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
    </>
  );
}
