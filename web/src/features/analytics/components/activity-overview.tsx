import { use, useMemo, useState } from 'react';
import {
  BookOpen,
  Compass,
  Flag,
  MessageCircle,
  Save,
  SquareCheck,
  Trophy,
  Activity,
  type IconNode,
} from 'lucide';
import {
  computeStats,
  recentActivity,
  type ActivityEvent,
  type ActivityType,
} from '@partak/domain/activity';
import type { Language } from '@partak/domain/languages';
import { reviewStreak } from '@partak/domain/review-weeks';
import { Icon } from '@/components/ui/icon.tsx';
import { ReviewStreak } from '@/components/ui/review-streak.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { activityStore } from '@/lib/data/activity.ts';
import { reviewsStore } from '@/lib/data/reviews.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { loadLibrary, loadTopics } from '@/lib/content-loader.ts';
import { formatRelative, formatSigned } from '@/lib/format.ts';
import { weekHere } from '@/lib/time-zone.ts';
import { StatCard } from './stat-card.tsx';

const EVENT_ICONS: Record<ActivityType, IconNode> = {
  message_sent: MessageCircle,
  conversation_saved: Save,
  topic_opened: Compass,
  article_read: BookOpen,
  goal_step_done: SquareCheck,
  goal_completed: Trophy,
};

function useNames(language: Language) {
  const topics = use(loadTopics(language));
  const library = use(loadLibrary(language));
  return useMemo(() => {
    const names = new Map<string, string>(topics.map((topic) => [topic.id, topic.title]));
    for (const article of library.flatMap((category) => category.articles)) {
      names.set(article.id, article.title);
    }
    return names;
  }, [topics, library]);
}

/** The statistics screen's body: four figures, the latest activity, and a word of encouragement. */
export function ActivityOverview({ now: fixedNow }: { now?: Date }) {
  const { t, language } = useTranslation('analytics');
  const [now] = useState(() => fixedNow ?? new Date());
  const names = useNames(language);
  const [view] = useStored('activity', activityStore);
  const [reviews] = useStored('reviews', reviewsStore);
  const thisWeek = weekHere(now);
  const stats = useMemo(
    () => (view.kind === 'log' ? computeStats(view.events, now) : view.summary.stats),
    [view, now],
  );
  const recent = useMemo(
    () => (view.kind === 'log' ? recentActivity(view.events, 4) : view.summary.recent),
    [view],
  );

  const describe = (event: ActivityEvent) =>
    t(`recent.${event.type}`, { name: event.label ?? (event.ref && names.get(event.ref)) ?? '' });

  const cards = [
    {
      icon: MessageCircle,
      label: t('cards.conversations.label'),
      value: String(stats.conversations.total),
      delta: t('cards.conversations.delta', { count: stats.conversations.thisWeek }),
    },
    {
      icon: Compass,
      label: t('cards.topics.label'),
      value: String(stats.topics.total),
      delta: t('cards.topics.delta', { count: stats.topics.thisWeek }),
    },
    {
      icon: Flag,
      label: t('cards.goals.label'),
      value: String(stats.goals.total),
      delta: t('cards.goals.delta', { count: stats.goals.thisMonth }),
    },
    {
      icon: Activity,
      label: t('cards.activity.label'),
      value: t('cards.activity.value', { percent: stats.activityRate.percent }),
      delta: t('cards.activity.delta', {
        change: formatSigned(stats.activityRate.change, language),
      }),
    },
  ];

  const level =
    recent.length === 0 ? 'start' : stats.activityRate.percent >= 50 ? 'strong' : 'growing';

  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3">
        {cards.map((card) => (
          <StatCard key={card.label} {...card} />
        ))}
      </div>
      <ReviewStreak
        streak={reviewStreak(
          reviews.map((review) => review.week),
          thisWeek,
        )}
      />

      <section aria-labelledby="recent-activity" className="flex flex-col gap-3">
        <h2 id="recent-activity" className="text-lg font-bold text-slate-900">
          {t('recent.title')}
        </h2>
        {recent.length === 0 ? (
          <p className="rounded-3xl bg-slate-50 p-5 text-slate-700">{t('recent.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100 rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
            {recent.map((event) => (
              <li key={event.id} className="flex items-center gap-3 p-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-700">
                  <Icon icon={EVENT_ICONS[event.type]} className="size-4" />
                </span>
                <span className="min-w-0 flex-1 truncate text-slate-900">{describe(event)}</span>
                <time dateTime={event.at} className="shrink-0 text-xs text-slate-600">
                  {formatRelative(event.at, language, now)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white">
        <h2 className="text-lg font-bold">{t(`encouragement.${level}.title`)}</h2>
        <p className="mt-1 text-brand-100">{t(`encouragement.${level}.body`)}</p>
      </section>
    </div>
  );
}
