import { use } from 'react';
import { Link } from 'react-router';
import { BookOpen } from 'lucide';
import type { SavedConversation } from '@partak/domain/chat';
import type { Goal } from '@partak/domain/goals';
import { href } from '@partak/domain/routes';
import { suggestArticle, type SuggestionSource } from '@partak/domain/suggestion';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadLibrary, type LibraryCategory } from '@/lib/content-loader.ts';
import { conversationsStore } from '@/lib/data/conversations.ts';
import { useStored } from '@/lib/data/use-stored.ts';

/** How many recent questions are looked at, newest first. */
const RECENT_QUESTIONS = 5;

/** A question or goal quoted in the reason, cut to fit one line. */
const quote = (text: string) => (text.length > 60 ? `${text.slice(0, 57).trimEnd()}…` : text);

/** What to suggest: the latest questions first, newest first, then the goals in their order. */
function chooseReading(
  conversations: readonly SavedConversation[],
  goals: readonly Goal[],
  library: readonly LibraryCategory[],
  read: ReadonlySet<string>,
) {
  const questions = [...conversations]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .flatMap((conversation) =>
      conversation.messages
        .filter((message) => message.role === 'user')
        .map((message) => message.content)
        .reverse(),
    )
    .slice(0, RECENT_QUESTIONS);
  const sources: SuggestionSource[] = [
    ...questions.map((text) => ({ kind: 'question' as const, text })),
    ...goals.map((goal) => ({ kind: 'goal' as const, text: goal.title })),
  ];
  const articles = library.flatMap((category) => category.articles);
  const found = suggestArticle(
    sources,
    articles.map((article) => ({ id: article.id, text: `${article.title} ${article.preview}` })),
    read,
  );
  const article = found && articles.find((item) => item.id === found.id);
  return article && found ? { article, because: found.because } : undefined;
}

/**
 * One library article for today, chosen from the user's latest questions to the mentor (then the
 * goals they work on), never one they have read; with why it was chosen. Nothing when nothing fits.
 */
export function SuggestedReading({
  goals,
  read,
}: {
  goals: readonly Goal[];
  read: ReadonlySet<string>;
}) {
  const { t, language } = useTranslation('goals');
  const library = use(loadLibrary(language));
  const [conversations] = useStored('conversations', conversationsStore);

  const suggestion = chooseReading(conversations, goals, library, read);

  if (!suggestion) return null;
  const { article, because } = suggestion;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
        {t('today.reading')}
      </p>
      <Link
        to={href('libraryArticle', { categoryId: article.categoryId, articleId: article.id })}
        className="flex items-start gap-2 font-semibold text-brand-800 underline"
      >
        <Icon icon={BookOpen} className="mt-0.5 size-5 shrink-0" />
        {article.title}
      </Link>
      <p className="text-sm text-slate-700">
        {t(`today.because.${because.kind}`, { text: quote(because.text) })}
      </p>
    </div>
  );
}
