import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { routes, type RouteName } from '@partak/domain/routes';
import { AppShell } from './layout/app-shell.tsx';
import { HomePage } from './routes/home.tsx';

const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

/**
 * One entry per route of the spec (the Record type makes a missing one a type error). Home is part
 * of the first bundle; every other screen is a chunk of its own, fetched when first visited.
 */
const pages: Record<RouteName, ComponentType | LazyExoticComponent<ComponentType>> = {
  home: HomePage,
  topics: page(
    () => import('./routes/topics.tsx'),
    (m) => m.TopicsPage,
  ),
  topic: page(
    () => import('./routes/topic.tsx'),
    (m) => m.TopicPage,
  ),
  chat: page(
    () => import('./routes/chat.tsx'),
    (m) => m.ChatPage,
  ),
  library: page(
    () => import('./routes/library.tsx'),
    (m) => m.LibraryPage,
  ),
  libraryCategory: page(
    () => import('./routes/library-category.tsx'),
    (m) => m.LibraryCategoryPage,
  ),
  libraryArticle: page(
    () => import('./routes/library-article.tsx'),
    (m) => m.LibraryArticlePage,
  ),
  goals: page(
    () => import('./routes/goals.tsx'),
    (m) => m.GoalsPage,
  ),
  review: page(
    () => import('./routes/review.tsx'),
    (m) => m.ReviewPage,
  ),
  history: page(
    () => import('./routes/history.tsx'),
    (m) => m.HistoryPage,
  ),
  analytics: page(
    () => import('./routes/analytics.tsx'),
    (m) => m.AnalyticsPage,
  ),
  settings: page(
    () => import('./routes/settings.tsx'),
    (m) => m.SettingsPage,
  ),
  subscription: page(
    () => import('./routes/subscription.tsx'),
    (m) => m.SubscriptionPage,
  ),
  profile: page(
    () => import('./routes/profile.tsx'),
    (m) => m.ProfilePage,
  ),
  tools: page(
    () => import('./routes/tools.tsx'),
    (m) => m.ToolsPage,
  ),
  tool: page(
    () => import('./routes/tool.tsx'),
    (m) => m.ToolPage,
  ),
  notificationSettings: page(
    () => import('./routes/notification-settings.tsx'),
    (m) => m.NotificationSettingsPage,
  ),
  unsubscribeReminders: page(
    () => import('./routes/unsubscribe-reminders.tsx'),
    (m) => m.UnsubscribeRemindersPage,
  ),
  authorizeApp: page(
    () => import('./routes/authorize-app.tsx'),
    (m) => m.AuthorizeAppPage,
  ),
};

const NotFoundPage = page(
  () => import('./routes/not-found.tsx'),
  (m) => m.NotFoundPage,
);

/** The route table: every pattern from `@partak/domain/routes`, case-sensitive, then the 404. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {(Object.keys(pages) as RouteName[]).map((name) => {
          const Page = pages[name];
          return <Route key={name} path={routes[name]} caseSensitive element={<Page />} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
