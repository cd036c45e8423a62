import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of user data for every screen (TanStack Query). Imported only by lazily loaded
 * screens, never by the home route. Hooks pass it explicitly, so no provider has to wrap the app.
 * How a screen gets its data — content through lib/content-loader.ts, everything else through
 * this client's useQuery/useMutation — is decision 021 (docs/decisions/021-data-access.md).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Reading this browser's storage is cheap: a screen shows what it cached at once and reads
      // again when it mounts or the window regains focus, so it never shows stale data for long.
      staleTime: 0,
      retry: false,
    },
  },
});
