import type { IconNode } from 'lucide';
import { cn } from '@/lib/cn.ts';
import { Icon } from './icon.tsx';

const TONES = {
  brand: 'bg-brand-50 text-brand-700',
  accent: 'bg-accent-100 text-accent-700',
  solid: 'bg-brand-700 text-white',
  onDark: 'bg-white/15 text-white',
} as const;

export type IconTone = keyof typeof TONES;

const SIZES = { md: ['size-12', 'size-6'], lg: ['size-14', 'size-7'] } as const;

/** An icon on a soft rounded square, as cards and headers show them. */
export function IconTile({
  icon,
  tone = 'brand',
  size = 'md',
}: {
  icon: IconNode;
  tone?: IconTone;
  size?: keyof typeof SIZES;
}) {
  const [box, glyph] = SIZES[size];
  return (
    <span className={cn('flex shrink-0 items-center justify-center rounded-2xl', box, TONES[tone])}>
      <Icon icon={icon} className={glyph} />
    </span>
  );
}
