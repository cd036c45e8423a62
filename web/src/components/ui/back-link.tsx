import { Link } from 'react-router';
import { ChevronLeft } from 'lucide';
import { Icon } from './icon.tsx';

/** "Back to …" at the top of a screen. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="-ms-2 inline-flex min-h-11 items-center gap-1 rounded-xl px-2 font-medium text-brand-800 hover:bg-brand-50"
    >
      <Icon icon={ChevronLeft} />
      {children}
    </Link>
  );
}
