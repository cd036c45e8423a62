import type { ReactNode } from 'react';
import { BackLink } from './back-link.tsx';
import { NotFoundState } from './not-found-state.tsx';

/**
 * A detail screen (a topic, a category, an article): a way back, then the thing itself — or, for
 * an id nobody knows, a message saying so with the same way back.
 */
export function DetailPage({
  back,
  missing,
  children,
}: {
  back: { to: string; label: string };
  /** Set when the id in the URL names nothing: what to say instead. */
  missing?: { title: string; description: string };
  children?: ReactNode;
}) {
  if (missing) {
    return <NotFoundState {...missing} backTo={back.to} backLabel={back.label} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      {children}
    </div>
  );
}
