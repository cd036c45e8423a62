import type { z } from 'zod/mini';
import { ApiError, apiFetch } from '../../api-client.ts';

/** `list` with `row` in place of the item with its id (or added at the end). */
export const replace = <T extends { id: string }>(list: readonly T[], row: T) =>
  list.some((item) => item.id === row.id)
    ? list.map((item) => (item.id === row.id ? row : item))
    : [...list, row];

/** The version of the item with `id`, as the snapshot has it. */
export const versionOf = (list: readonly { id: string; version: number }[], id: string) =>
  list.find((item) => item.id === id)?.version;

/** What a failed versioned change learned: the row as the server has it now. */
export function currentOf<S extends z.ZodMiniType>(error: unknown, schema: S) {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = schema.safeParse(error.body.current);
  return parsed.success ? (parsed.data as z.output<S>) : undefined;
}

/** Sends a create; true when it made something new (201), false when it was there already. */
export async function created(path: string, body: unknown, signal: AbortSignal): Promise<boolean> {
  try {
    return (await apiFetch(path, { method: 'POST', body, signal })).status === 201;
  } catch (error) {
    // Deleted in the account on another device: it stays deleted.
    if (error instanceof ApiError && error.status === 410) return false;
    throw error;
  }
}
