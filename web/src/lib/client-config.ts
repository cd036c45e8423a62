import { useQuery } from '@tanstack/react-query';
import { ClientConfigSchema, type ClientConfig } from '@partak/domain/api/config';
import { apiJson } from './api-client.ts';
import { queryClient } from './data/query-client.ts';

/**
 * The server's run-time settings (GET /api/v1/config), read once per page load (they change only
 * when the server restarts): undefined while loading, null when the server could not be asked.
 * For lazy screens only (decision 021).
 */
export function useClientConfig(): ClientConfig | null | undefined {
  const config = useQuery(
    {
      queryKey: ['config'],
      queryFn: () => apiJson('/config', ClientConfigSchema),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
  return config.isError ? null : config.data;
}
