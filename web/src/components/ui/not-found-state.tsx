import { ButtonLink } from './button-link.tsx';
import { DocumentTitle } from './document-title.tsx';
import { EmptyState } from './empty-state.tsx';

/** What a screen shows for an id it does not know: the message and the way back. */
export function NotFoundState({
  title,
  description,
  backTo,
  backLabel,
}: {
  title: string;
  description: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="flex flex-col gap-4 pt-4">
      <DocumentTitle title={title} />
      <h1 className="sr-only">{title}</h1>
      <EmptyState title={title} description={description}>
        <ButtonLink to={backTo}>{backLabel}</ButtonLink>
      </EmptyState>
    </div>
  );
}
