import { RegistryLookupSchema } from '@partak/domain/api/business-profile';
import type { LegalFormKind, RegistryEntry } from '@partak/domain/business-profile';
import { apiJson } from '@/lib/api-client.ts';
import type { Draft } from './profile-draft.ts';

/** What ARES says about an IČO (our server asks it: `GET /api/v1/registry/{ico}`). */
export const lookUpIco = (ico: string, signal?: AbortSignal) =>
  apiJson(`/registry/${encodeURIComponent(ico)}`, RegistryLookupSchema, { signal });

/** ARES's legal-form codes of a sole trader (OSVČ) and of an s. r. o. */
const SOLE_TRADER_CODES = new Set(['101', '102', '105', '106', '107', '108']);
const SRO_CODE = '112';

/** Our legal form for ARES's code, where it tells one (a sole trader's may be main or side). */
export function legalFormOfCode(code: string | undefined): LegalFormKind | undefined {
  if (code === SRO_CODE) return 'sro';
  return code && SOLE_TRADER_CODES.has(code) ? 'zivnost-main' : undefined;
}

/**
 * The draft once the user confirmed ARES's entry: the IČO and the entry, the legal form ARES
 * tells (a sole trader's own choice of main or side is kept), and Praha when the seat is there
 * and no region was chosen (other seats name a town, not its region).
 */
export function withRegistry(draft: Draft, entry: RegistryEntry): Draft {
  const legalForm = legalFormOfCode(entry.legalFormCode);
  const keepsOwn = legalForm === 'zivnost-main' && draft.legalForm.startsWith('zivnost');
  const inPraha = /\bPraha\b/.test(entry.address ?? '');
  return {
    ...draft,
    ico: entry.ico,
    registry: entry,
    legalForm: legalForm && !keepsOwn ? legalForm : draft.legalForm,
    region: !draft.region && inPraha ? 'praha' : draft.region,
  };
}
