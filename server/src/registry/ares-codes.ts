import type { LegalFormKind, Region } from '@partak/domain/business-profile';

/** RÚIAN codes of the kraje (VÚSC), as ARES gives them in `sidlo.kodKraje`. */
const REGION_OF_KRAJ: Readonly<Record<number, Region>> = {
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

/** Our region for ARES's kraj code; none for a seat abroad or an unknown code. */
export function regionOfKraj(code: number | undefined): Region | undefined {
  return code === undefined ? undefined : REGION_OF_KRAJ[code];
}

/**
 * Our legal form for ARES's code (číselník PravniForma): 112 is an s. r. o. A sole trader (101
 * živnostník, 102 the same in the commercial register, 105/106 under another law, 107/108
 * farmer) is a živnost, but ARES cannot tell a main business from a side one, and guessing wrong
 * would move their insurance deadlines; so it is left for the user to pick, as the contract says
 * (RegistryEntrySchema.legalForm), with `legalFormCode` telling the form it is a živnost. Any other
 * form (a. s., v. o. s., spolek…) is none of ours and is left out too.
 */
export function legalFormOfAresCode(code: string | undefined): LegalFormKind | undefined {
  return code === '112' ? 'sro' : undefined;
}
