import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export const buttonVariants = {
  primary:
    'bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600',
  secondary:
    'bg-white text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50 disabled:text-slate-500',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-slate-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
} as const;

export const buttonBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-2xl px-5 font-semibold transition-colors disabled:cursor-not-allowed';

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: keyof typeof buttonVariants }) {
  return (
    <button type={type} className={cn(buttonBase, buttonVariants[variant], className)} {...props} />
  );
}
