import { RegistryLookupSchema } from '@partak/domain/api/business-profile';
import type { RegistryEntry } from '@partak/domain/business-profile';
import { apiJson } from '@/lib/api-client.ts';
import type { Draft } from './profile-draft.ts';

/** What ARES says about an IČO (our server asks it: `GET /api/v1/registry/{ico}`). */
export const lookUpIco = (ico: string, signal?: AbortSignal) =>
  apiJson(`/registry/${encodeURIComponent(ico)}`, RegistryLookupSchema, { signal });

/** ARES's legal-form codes of a sole trader (OSVČ): a živnost, main or side as the user says. */
const SOLE_TRADER_CODES = new Set(['101', '102', '105', '106', '107', '108']);

/** How the "Údaje z ARES" panel names the legal form: an s. r. o., a sole trader, or ARES's code. */
export function registryLegalForm(entry: RegistryEntry): 'sro' | 'soleTrader' | undefined {
  if (entry.legalForm === 'sro') return 'sro';
  return entry.legalFormCode && SOLE_TRADER_CODES.has(entry.legalFormCode)
    ? 'soleTrader'
    : undefined;
}

/**
 * The draft once the user confirmed ARES's entry: the IČO and the entry, the legal form where ARES
 * tells it (an s. r. o.; a sole trader's main or side business is theirs to pick, ARES cannot tell)
 * and the region of the registered seat.
 */
export function withRegistry(draft: Draft, entry: RegistryEntry): Draft {
  return {
    ...draft,
    ico: entry.ico,
    registry: entry,
    legalForm: entry.legalForm ?? draft.legalForm,
    region: entry.region ?? draft.region,
  };
}
