import { z } from 'zod/mini';
import type { RegistryEntry } from '@partak/domain/business-profile';
import { HttpError } from '../lib/http-error.ts';
import { legalFormOfAresCode, regionOfKraj } from './ares-codes.ts';

/*
 * The public ARES register (Administrativní registr ekonomických subjektů, ares.gov.cz), its
 * REST API `GET {base}/ekonomicke-subjekty/{ico}` with `Accept: application/json`.
 *
 * Shapes as ARES's OpenAPI (ares.gov.cz/swagger-ui, `EkonomickySubjekt`, `Adresa`, `Chyba`)
 * describes them, checked against clients of it in public code:
 * - 200: `EkonomickySubjekt` — `ico` (8 digits), `obchodniJmeno`, `pravniForma` (a 3-digit code),
 *   `sidlo` (`Adresa`: `kodKraje` number, `nazevObce`, `nazevUlice`, `cisloDomovni` and
 *   `cisloOrientacni` numbers, `cisloOrientacniPismeno`, `psc` number, `textovaAdresa`) and
 *   `czNace` (string[], sorted by code, not by weight; `czNacePrevazujici`, the main activity,
 *   is a RES field some answers carry, and goes first when present).
 * - errors: `Chyba` `{kod, popis, subKod}`, `kod` one of OBECNA_CHYBA, CHYBA_VSTUPU, NENALEZENO,…:
 *   404 `{"kod":"NENALEZENO","subKod":"VYSTUP_SUBJEKT_NENALEZEN"}` for an unknown IČO, 400
 *   `{"kod":"CHYBA_VSTUPU","subKod":"VSTUP_NEVALIDNI_FORMAT_ICO"}` for an input it refuses.
 * Only the fields we show are read; zod/mini's objects drop everything else ARES sends.
 */

/** ARES answers within a second or two; a user waiting longer is better told to type it in. */
export const ARES_TIMEOUT_MS = 4000;

const AresSubjectSchema = z.object({
  ico: z.string().check(z.regex(/^\d{8}$/)),
  obchodniJmeno: z.string().check(z.minLength(1)),
  pravniForma: z.optional(z.string()),
  sidlo: z.optional(
    z.object({
      kodKraje: z.optional(z.number()),
      textovaAdresa: z.optional(z.string()),
      nazevUlice: z.optional(z.string()),
      cisloDomovni: z.optional(z.number()),
      cisloOrientacni: z.optional(z.number()),
      cisloOrientacniPismeno: z.optional(z.string()),
      nazevObce: z.optional(z.string()),
      psc: z.optional(z.number()),
    }),
  ),
  czNace: z.optional(z.array(z.string())),
  czNacePrevazujici: z.optional(z.string()),
});
type AresSubject = z.infer<typeof AresSubjectSchema>;

const AresErrorSchema = z.object({ kod: z.optional(z.string()) });

/** `textovaAdresa`, or the address built from its parts ("Radlická 3294/10, 15000 Praha"). */
function addressOf(seat: AresSubject['sidlo']): string | undefined {
  if (!seat) return undefined;
  if (seat.textovaAdresa) return seat.textovaAdresa;
  const orientation = seat.cisloOrientacni
    ? `${seat.cisloOrientacni}${seat.cisloOrientacniPismeno ?? ''}`
    : undefined;
  const number = [seat.cisloDomovni, orientation].filter(Boolean).join('/');
  const street = [seat.nazevUlice ?? seat.nazevObce, number].filter(Boolean).join(' ');
  const town = [seat.psc, seat.nazevObce].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ') || undefined;
}

/** CZ-NACE codes, the main activity first and each once. */
function naceOf(subject: AresSubject): string[] {
  const codes = [subject.czNacePrevazujici, ...(subject.czNace ?? [])].filter(
    (code): code is string => !!code && code.length <= 10,
  );
  return [...new Set(codes)].slice(0, 50);
}

export function entryOf(subject: AresSubject): RegistryEntry {
  const region = regionOfKraj(subject.sidlo?.kodKraje);
  const legalForm = legalFormOfAresCode(subject.pravniForma);
  const address = addressOf(subject.sidlo);
  return {
    ico: subject.ico,
    name: subject.obchodniJmeno.slice(0, 300),
    ...(subject.pravniForma ? { legalFormCode: subject.pravniForma.slice(0, 10) } : {}),
    ...(legalForm ? { legalForm } : {}),
    ...(region ? { region } : {}),
    ...(address ? { address: address.slice(0, 300) } : {}),
    nace: naceOf(subject),
  };
}

// The cause stays in the log only; our client just learns that ARES could not answer now.
const unavailable = (why: string, cause?: unknown) =>
  new HttpError(503, 'registry_unavailable', 'The ARES register is not answering', {
    cause: cause ?? new Error(why),
  });

/**
 * The subject of an IČO (checked with its checksum before), or the error our client gets. One
 * request, no retries: a user can press the button again, and retries against a struggling public
 * register would only make it slower for everyone.
 */
export async function fetchAresSubject(
  baseUrl: string,
  ico: string,
  timeoutMs = ARES_TIMEOUT_MS,
): Promise<RegistryEntry> {
  // The IČO is 8 digits by now (checked by the caller), so it cannot change the URL's path.
  if (!/^\d{8}$/.test(ico)) throw new HttpError(400, 'ico_invalid', 'Not a valid IČO');
  let response: Response;
  let body: unknown;
  try {
    // The timeout covers the body too, so a trickling answer cannot hold the request open.
    response = await fetch(`${baseUrl}/ekonomicke-subjekty/${ico}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    throw unavailable('ARES did not answer in time', error);
  }
  if (response.status === 404 && AresErrorSchema.safeParse(body).data?.kod === 'NENALEZENO') {
    throw new HttpError(404, 'ico_not_found', 'ARES knows no subject with this IČO');
  }
  if (response.status === 400) throw new HttpError(400, 'ico_invalid', 'ARES refused the IČO');
  const subject = response.ok ? AresSubjectSchema.safeParse(body) : undefined;
  if (!subject?.success) throw unavailable(`ARES answered ${response.status} with no subject`);
  return entryOf(subject.data);
}
