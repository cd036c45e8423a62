import { z } from 'zod/mini';
import type { LegalFormKind, Region, RegistryEntry } from '@partak/domain/business-profile';
import { HttpError } from '../lib/http-error.ts';

/*
 * The public ARES register (Administrativní registr ekonomických subjektů, ares.gov.cz), its
 * REST API `GET {base}/ekonomicke-subjekty/{ico}`: 200 with the subject, 404 with
 * `{"kod":"NENALEZENO",…}` when there is none, 400 `CHYBA_VSTUPU` for an input it refuses. Only
 * the fields we show are read; anything else in its answer is ignored.
 */

/** ARES answers within a second or two; a user waiting longer is better told to type it in. */
export const ARES_TIMEOUT_MS = 4000;

const AresSubjectSchema = z.object({
  ico: z.string(),
  obchodniJmeno: z.string(),
  pravniForma: z.optional(z.string()),
  sidlo: z.optional(
    z.object({
      kodKraje: z.optional(z.number()),
      textovaAdresa: z.optional(z.string()),
      nazevUlice: z.optional(z.string()),
      cisloDomovni: z.optional(z.number()),
      cisloOrientacni: z.optional(z.number()),
      nazevObce: z.optional(z.string()),
      psc: z.optional(z.number()),
    }),
  ),
  czNace: z.optional(z.array(z.string())),
});
type AresSubject = z.infer<typeof AresSubjectSchema>;

const AresErrorSchema = z.object({ kod: z.optional(z.string()) });

/** RÚIAN codes of the kraje (VÚSC), as ARES gives them in `sidlo.kodKraje`. */
const REGION_OF_KRAJ: Record<number, Region> = {
  19: 'praha',
  27: 'stredocesky',
  35: 'jihocesky',
  43: 'plzensky',
  51: 'karlovarsky',
  60: 'ustecky',
  78: 'liberecky',
  86: 'kralovehradecky',
  94: 'pardubicky',
  108: 'vysocina',
  116: 'jihomoravsky',
  124: 'olomoucky',
  132: 'moravskoslezsky',
  141: 'zlinsky',
};

/**
 * Our legal form for ARES's code: 112 is an s. r. o. A sole trader (101, 105, 107) is left for
 * the user to say, since ARES cannot tell a main business from a side one.
 */
const LEGAL_FORM_OF_CODE: Record<string, LegalFormKind> = { '112': 'sro' };

function addressOf(seat: AresSubject['sidlo']): string | undefined {
  if (!seat) return undefined;
  if (seat.textovaAdresa) return seat.textovaAdresa;
  const number = [seat.cisloDomovni, seat.cisloOrientacni].filter(Boolean).join('/');
  const street = [seat.nazevUlice ?? seat.nazevObce, number].filter(Boolean).join(' ');
  const town = [seat.psc, seat.nazevObce].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ') || undefined;
}

export function entryOf(subject: AresSubject): RegistryEntry {
  const region = subject.sidlo?.kodKraje ? REGION_OF_KRAJ[subject.sidlo.kodKraje] : undefined;
  const legalForm = subject.pravniForma ? LEGAL_FORM_OF_CODE[subject.pravniForma] : undefined;
  const address = addressOf(subject.sidlo);
  return {
    ico: subject.ico,
    name: subject.obchodniJmeno.slice(0, 300),
    ...(subject.pravniForma ? { legalFormCode: subject.pravniForma.slice(0, 10) } : {}),
    ...(legalForm ? { legalForm } : {}),
    ...(region ? { region } : {}),
    ...(address ? { address: address.slice(0, 300) } : {}),
    nace: (subject.czNace ?? []).filter((code) => code.length <= 10).slice(0, 50),
  };
}

const unavailable = (why: string) => new HttpError(503, 'registry_unavailable', why);

/** The subject of an IČO (checked with its checksum before), or the error our client gets. */
export async function fetchAresSubject(
  baseUrl: string,
  ico: string,
  timeoutMs = ARES_TIMEOUT_MS,
): Promise<RegistryEntry> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/ekonomicke-subjekty/${ico}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw unavailable('ARES did not answer in time');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 404 && AresErrorSchema.safeParse(body).data?.kod === 'NENALEZENO') {
    throw new HttpError(404, 'ico_not_found', 'ARES knows no subject with this IČO');
  }
  if (response.status === 400) throw new HttpError(400, 'ico_invalid', 'ARES refused the IČO');
  const subject = response.ok ? AresSubjectSchema.safeParse(body) : undefined;
  if (!subject?.success) throw unavailable(`ARES answered ${response.status}`);
  return entryOf(subject.data);
}
