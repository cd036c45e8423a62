import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title.tsx';
import { EmptyState } from './empty-state.tsx';

/** A screen that is only a message (not found, failed): its title, what happened, a way on. */
export function ScreenMessage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 pt-4">
      <DocumentTitle title={title} />
      <h1 className="sr-only">{title}</h1>
      <EmptyState title={title} description={description}>
        {children}
      </EmptyState>
    </div>
  );
}
