import type { BackendModule } from 'i18next';
import { dictionaryUrl } from './dictionary-urls.ts';

/**
 * Fetches one dictionary (language × namespace) by its content-hashed URL. Retrying is i18next's
 * own job (maxRetries, retryTimeout, maxParallelReads): this only tells it which failures are worth
 * retrying — network errors and 5xx, 408 or 429 answers — and which are final.
 */
export const dictionaryBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to set up: URLs come from the build.
  },
  read(language, namespace, callback) {
    void dictionaryUrl(language, namespace).then(
      (url) => {
        if (url) fetchDictionary(url, callback);
        else callback(null, {});
      },
      (error: unknown) => callback(error as Error, true),
    );
  },
};

function fetchDictionary(url: string, callback: Parameters<BackendModule['read']>[2]): void {
  fetch(url).then(
    async (response) => {
      if (!response.ok) {
        const retry = response.status >= 500 || response.status === 408 || response.status === 429;
        callback(new Error(`${url} answered ${response.status}`), retry);
        return;
      }
      try {
        callback(null, (await response.json()) as Record<string, unknown>);
      } catch (error) {
        callback(error as Error, false);
      }
    },
    (error: unknown) => callback(error as Error, true),
  );
}
