import { href } from '@partak/domain/routes';
import type { ActivityEvent } from '@partak/domain/activity';
import type { Language } from '@partak/domain/languages';
import { i18n, showLanguage } from '@/i18n/i18n.ts';
import { errorMessage } from '../../error-message.ts';
import { toast } from '../../toast.ts';
import { localSettings } from '../local-settings.ts';
import { holdsOwnData, mergeIntoAccount } from './merge.ts';
import { viewOf } from './operations.ts';
import { appendingEvent } from './resources/activity.ts';
import { SyncEngine } from './sync-engine.ts';
import { syncedStores, type SyncedStores } from './synced-stores.ts';

/** A signed-in user's data in this browser, as the stores and the app use it. */
export interface UserSync extends SyncedStores {
  engine: SyncEngine;
  record(event: ActivityEvent): Promise<void>;
  /** First sign-in on this device: what the browser holds goes into the account. */
  mergeThisBrowser(): Promise<void>;
}

const engines = new Map<string, SyncEngine>();

const t = (...args: Parameters<ReturnType<typeof common>>) => common()(...args);
function common() {
  return i18n.getFixedT(null, 'common');
}

/** Tells the user about a change the server refused or could not take yet, with a retry. */
function reportProblems(engine: SyncEngine): void {
  engine.onProblem(({ error, retryable }) => {
    const reason = errorMessage(error, i18n.getFixedT(null, 'errors'));
    // Past the free plan's cap (402): the way on is the offer, not a retry.
    const offer = { label: t('sync.offer'), onClick: () => window.location.assign(href('subscription')) };
    toast.error(
      t('sync.failedTitle'),
      reason,
      error.status === 402
        ? offer
        : retryable
          ? { label: t('sync.retry'), onClick: () => void engine.flush() }
          : undefined,
    );
  });
}

/**
 * Shows the account's language and keeps it in this browser's keys, which the app reads before
 * anything loads. The account has it already (this is where it came from).
 */
async function keepLanguage(language: Language): Promise<void> {
  await localSettings.write((settings) => ({ ...settings, language }));
  await showLanguage(language);
}

/** The account's language, chosen on another device, becomes this one's too. */
function followLanguage(engine: SyncEngine): void {
  engine.subscribe(() => {
    const { language } = viewOf('settings', engine.current);
    if (language && language !== i18n.language) void keepLanguage(language);
  });
}

/** Starts the user's sync; `signedOut` is aborted when the user signs out of this browser. */
export function startUserSync(userId: string, signedOut: AbortSignal): UserSync {
  const engine = engines.get(userId) ?? new SyncEngine(userId, signedOut);
  engines.set(userId, engine);
  reportProblems(engine);
  followLanguage(engine);
  let merging: Promise<void> | undefined;
  const sync: UserSync = {
    ...syncedStores(engine),
    engine,
    record: (event) => engine.enqueue([appendingEvent(event)]),
    mergeThisBrowser() {
      // One merge at a time: signing in and starting up may both ask for it.
      merging ??= mergeAndTell(engine).finally(() => {
        merging = undefined;
      });
      return merging;
    },
  };
  // Data this browser still holds from before signing in (a merge that failed part-way).
  if (holdsOwnData()) void sync.mergeThisBrowser().catch(() => undefined);
  return sync;
}

/** Brings this browser's data into the account and says what was added. */
async function mergeAndTell(engine: SyncEngine): Promise<void> {
  const added = await mergeIntoAccount(engine);
  if (added.goals + added.conversations > 0) {
    toast.success(
      t('sync.mergedTitle'),
      t('sync.mergedDescription', {
        goals: t('sync.goals', { count: added.goals }),
        conversations: t('sync.conversations', { count: added.conversations }),
      }),
    );
  }
}

/**
 * Signed out: this browser forgets the user's data. Changes still waiting (made offline) are kept
 * until the same user signs in here again, rather than lost.
 */
export async function stopUserSync(userId: string): Promise<void> {
  const engine = engines.get(userId) ?? new SyncEngine(userId, AbortSignal.abort());
  engines.delete(userId);
  await engine.stop();
}
