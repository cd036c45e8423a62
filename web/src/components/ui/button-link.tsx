import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn.ts';
import { buttonBase, buttonVariants } from './button.tsx';

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant = 'primary',
  className,
  ...props
}: LinkProps & { variant?: keyof typeof buttonVariants }) {
  return (
    <Link
      className={cn(buttonBase, 'min-h-12 px-6', buttonVariants[variant], className)}
      {...props}
    />
  );
}
