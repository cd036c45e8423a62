import { ButtonLink } from './button-link.tsx';
import { ScreenMessage } from './screen-message.tsx';

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
    <ScreenMessage title={title} description={description}>
      <ButtonLink to={backTo}>{backLabel}</ButtonLink>
    </ScreenMessage>
  );
}
