import { MessageCircle } from 'lucide';
import { cn } from '@/lib/cn.ts';
import { Icon } from './icon.tsx';

/**
 * Questions a person can ask with one tap (the chat's suggestions, a topic's starter questions),
 * under a heading that says so; choosing one hands it on.
 */
export function QuestionList({
  id,
  title,
  hint,
  questions,
  onPick,
  compact = false,
}: {
  /** The heading's id, naming the section for screen readers. */
  id: string;
  title: string;
  hint: string;
  questions: readonly string[];
  onPick: (question: string) => void;
  /** Two columns of short suggestions, centred, as in the empty chat. */
  compact?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('flex flex-col gap-3', compact && 'gap-4 py-6 text-center')}
    >
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <p className={cn('text-slate-600', !compact && 'text-sm')}>{hint}</p>
      </div>
      <ul className={cn(compact ? 'grid gap-2 sm:grid-cols-2' : 'flex flex-col gap-3')}>
        {questions.map((question) => (
          <li key={question}>
            <button
              type="button"
              onClick={() => onPick(question)}
              className={cn(
                'flex w-full items-start gap-3 rounded-2xl bg-white text-left text-slate-900 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300',
                compact ? 'px-4 py-3' : 'p-4',
              )}
            >
              {!compact && <Icon icon={MessageCircle} className="mt-0.5 text-brand-700" />}
              <span>{question}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
