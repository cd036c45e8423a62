import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn.ts';

const variants = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'bg-white text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50',
} as const;

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant = 'primary',
  className,
  ...props
}: LinkProps & { variant?: keyof typeof variants }) {
  return (
    <Link
      className={cn(
        'inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl px-6 text-base font-semibold transition-colors',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
