import type { ReactNode } from 'react';

/** A calm message where a list or a thing is missing, with a way on. */
export function EmptyState({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl bg-slate-50 px-6 py-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {description && <p className="max-w-sm text-slate-700">{description}</p>}
      {children}
    </div>
  );
}
