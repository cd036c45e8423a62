import { createElement } from 'react';
import type { IconNode } from 'lucide';
import { cn } from '@/lib/cn.ts';

/**
 * Renders a Lucide icon (`import { House } from 'lucide'`). Icons are decorative: whatever they mean
 * is said in text next to them or in an accessible label on their control.
 */
export function Icon({
  icon,
  className,
  strokeWidth = 2,
}: {
  icon: IconNode;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('size-5 shrink-0', className)}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
