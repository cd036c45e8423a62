import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * Where the card's name comes from: its own `title` (an `<h2>` it renders), or a heading the caller
 * renders inside it (`labelledBy`, that heading's id), or none (an unnamed card).
 */
type Naming =
  | {
      title: ReactNode;
      labelledBy?: never;
      /**
       * False: the title is shown, but the card stays an unnamed section, not a region landmark
       * (cards that would crowd a screen's landmarks, or share a name with one).
       */
      region?: boolean;
    }
  | { labelledBy: string; title?: never; region?: never }
  | { title?: never; labelledBy?: never; region?: never };

type SectionCardProps = Naming & {
  /** A line under the title saying what the card is for. */
  description?: ReactNode;
  /** The card's content is being loaded or changed (`aria-busy`). */
  busy?: boolean;
  /** Less padding and space between its parts (a card over other content, as on home). */
  compact?: boolean;
  /** A little see-through, for a card that floats over a decorated background. */
  translucent?: boolean;
  /** Placement only (margins, stacking): the card's own look stays the card's. */
  className?: string;
  children?: ReactNode;
};

/**
 * The white card a screen's section sits in: a heading, an optional description, its content.
 * Named by its heading, it is a region landmark that browser tests and screen readers find by name.
 */
export function SectionCard({
  title,
  labelledBy,
  region = true,
  description,
  busy,
  compact = false,
  translucent = false,
  className,
  children,
}: SectionCardProps) {
  const headingId = useId();
  const named = labelledBy ?? (title != null && region ? headingId : undefined);
  return (
    <section
      aria-labelledby={named}
      aria-busy={busy}
      className={cn(
        'flex flex-col rounded-3xl shadow-sm ring-1 ring-slate-200',
        compact ? 'gap-3 p-4' : 'gap-4 p-5',
        translucent ? 'bg-white/95' : 'bg-white',
        className,
      )}
    >
      {title != null && (
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
      )}
      {description != null && <p className="text-slate-700">{description}</p>}
      {children}
    </section>
  );
}
