/**
 * Every client route of the app (docs/product.md#screens-and-routes), in one place. The web
 * router registers exactly these patterns and the server answers HTTP 200 for a path matching one
 * of them and 404 otherwise, so the two can never disagree about what exists.
 */
export const routes = {
  home: '/',
  topics: '/topics',
  topic: '/topic/:topicId',
  chat: '/chat',
  library: '/library',
  libraryCategory: '/library/:categoryId',
  libraryArticle: '/library/:categoryId/:articleId',
  goals: '/goals',
  review: '/review',
  history: '/history',
  analytics: '/analytics',
  settings: '/settings',
  subscription: '/subscription',
  profile: '/profil',
  /** The calculators (hourly rate, paušální daň, DPH, …), and one of them by its id. */
  tools: '/nastroje',
  tool: '/nastroje/:calculatorId',
  notificationSettings: '/nastaveni-oznameni',
  /** Where a reminder e-mail's unsubscribe link leads (works without signing in). */
  unsubscribeReminders: '/pripominky/odhlasit',
  /**
   * "Sign in with Parťák": the auth server's OAuth 2.1 authorize endpoint sends the browser here
   * with `?authorization_id=…` for the user to allow or refuse another app's access.
   */
  authorizeApp: '/povolit-pristup',
} as const;

export type RouteName = keyof typeof routes;
export type RoutePattern = (typeof routes)[RouteName];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<N extends RouteName> = Record<ParamNames<(typeof routes)[N]>, string>;

/** Builds a concrete path from a route name and its parameters (each one URL-encoded). */
export function href<N extends RouteName>(
  name: N,
  ...[params]: ParamNames<(typeof routes)[N]> extends never ? [] : [RouteParams<N>]
): string {
  const values = (params ?? {}) as Record<string, string>;
  return routes[name].replace(/:([A-Za-z]+)/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const compiled = Object.entries(routes).map(([name, pattern]) => ({
  name: name as RouteName,
  segments: segments(pattern),
}));

/**
 * The name of the route a pathname belongs to, or `undefined` for a path the app does not have.
 * Matching follows the web router's rules (routes are registered case-sensitive there): trailing
 * slashes are tolerated, an empty segment inside the path is not, and a parameter matches one
 * non-empty segment.
 */
export function matchRoute(pathname: string): RouteName | undefined {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed.includes('//')) return undefined;
  const parts = segments(trimmed);
  for (const route of compiled) {
    if (route.segments.length !== parts.length) continue;
    const matches = route.segments.every(
      (segment, index) => segment.startsWith(':') || segment === parts[index],
    );
    if (matches) return route.name;
  }
  return undefined;
}

/** The address the prerender renders the 404 page under; the app has no route there. */
export const NOT_FOUND_PAGE = '/404';

/**
 * Where a build keeps the page prerendered for `path` (a route's path, or `NOT_FOUND_PAGE`) in a
 * language, relative to the web root: `pages/cs/index.html` for `/`, `pages/en/chat.html` for
 * `/chat`. A trailing slash is ignored. Written by web/build/prerender.ts, read by the server.
 */
export function prerenderedPageFile(language: string, path: string): string {
  const name = path.replace(/\/+$/, '') || '/index';
  return `pages/${language}${name}.html`;
}
