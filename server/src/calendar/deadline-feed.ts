import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { deadlineProfileOf } from '@partak/domain/business-profile';
import { deadlinesFor } from '@partak/domain/deadlines/deadlines';
import { addDays } from '@partak/domain/deadlines/czech-holidays';
import type { Figures } from '@partak/domain/figures';
import { languageOrDefault } from '@partak/domain/languages';
import { readFigures } from '@partak/domain/library-sources';
import type { Db } from '../db/client.ts';
import { readBusinessProfile } from '../api/data/business-profile-repository.ts';
import { readSettings } from '../api/data/settings-repository.ts';
import { calendarName, deadlineSummary, type Filing } from './deadline-texts.ts';
import { renderCalendar } from './ics.ts';

/** How far the feed reaches: a month back (just missed) and a year ahead. */
const DAYS_BACK = 31;
const DAYS_AHEAD = 366;
export const FEED_REFRESH_HOURS = 12;

/**
 * A feed token: 32 random bytes, base64url. Calendar apps cannot sign in, so the address itself
 * is the secret; it is shown once, only its SHA-256 is kept, and a new one revokes the old.
 */
export function newFeedToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashFeedToken(token) };
}

/*
 * Looked up by hash, not compared: an attacker timing the lookup learns about a hash, never about
 * the token (preimage resistance), so no constant-time comparison is needed.
 */
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

let figures: Promise<Figures> | undefined;
const LIBRARY = new URL('../../../content/library/', import.meta.url);
const loadFigures = () =>
  (figures ??= readFigures((path) => readFile(new URL(path, LIBRARY), 'utf8')));

/** The user's deadline calendar as an iCalendar document, in their language. */
export async function deadlineCalendar(
  db: Db,
  userId: string,
  siteUrl: string,
  now: Date,
): Promise<string> {
  const [record, settings] = await Promise.all([
    readBusinessProfile(db, userId),
    readSettings(db, userId),
  ]);
  const language = languageOrDefault(settings.language ?? undefined);
  const profile = record && deadlineProfileOf(record.profile);
  const today = now.toISOString().slice(0, 10);
  const range = { from: addDays(today, -DAYS_BACK), to: addDays(today, DAYS_AHEAD) };
  const deadlines = profile ? deadlinesFor(profile, range, await loadFigures()) : [];
  // The same choice deadlinesFor makes for the return's day (domain/src/deadlines/deadlines.ts).
  const filing: Filing = profile?.usesTaxAdviser
    ? 'adviser'
    : profile?.hasDataBox
      ? 'electronic'
      : 'paper';
  const host = new URL(siteUrl).host;
  return renderCalendar({
    name: calendarName(language),
    now,
    refreshHours: FEED_REFRESH_HOURS,
    events: deadlines.map((deadline) => ({
      // The same deadline keeps its UID across refreshes; the host keeps installs apart.
      uid: `${deadline.id}@${host}`,
      date: deadline.date,
      summary: deadlineSummary(deadline, language, filing),
      description: deadline.law,
      url: deadline.law,
    })),
  });
}
