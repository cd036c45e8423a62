import { createServer } from 'node:http';

/** IČOs the peer knows, in ARES's real shapes (fields as ARES names them; values made up). */
export const ARES_SUBJECTS = {
  /** A sole trader in Brno (ARES legal form 101). */
  '27074358': {
    ico: '27074358',
    obchodniJmeno: 'Jana Nováková',
    pravniForma: '101',
    financniUrad: '451',
    datumVzniku: '2019-03-01',
    sidlo: {
      kodStatu: 'CZ',
      nazevStatu: 'Česká republika',
      kodKraje: 116,
      nazevKraje: 'Jihomoravský kraj',
      nazevObce: 'Brno',
      nazevUlice: 'Údolní',
      cisloDomovni: 567,
      cisloOrientacni: 33,
      psc: 60200,
      textovaAdresa: 'Údolní 567/33, Veveří, 60200 Brno',
    },
    /** ARES sorts these by code; the main activity is its own field. */
    czNace: ['62010', '73110', '74100'],
    czNacePrevazujici: '74100',
    primarniZdroj: 'res',
    seznamRegistraci: { stavZdrojeRes: 'AKTIVNI', stavZdrojeRzp: 'AKTIVNI' },
  },
  /** An s. r. o. in Prague without `textovaAdresa` (built from the parts). */
  '26168685': {
    ico: '26168685',
    obchodniJmeno: 'Pekárna U Nováků s.r.o.',
    pravniForma: '112',
    dic: 'CZ26168685',
    adresaDorucovaci: { radekAdresy1: 'Radlická 3294/10a', radekAdresy2: '150 00 Praha 5' },
    sidlo: {
      kodKraje: 19,
      nazevObce: 'Praha',
      nazevUlice: 'Radlická',
      cisloDomovni: 3294,
      cisloOrientacni: 10,
      cisloOrientacniPismeno: 'a',
      psc: 15000,
    },
    czNace: ['10710', '47240'],
  },
} as const;

/** IČOs with a valid checksum that make the peer misbehave. */
export const ARES_FAULTS = {
  notFound: '45274649',
  serverError: '00006947',
  slow: '00064581',
  malformed: '25596641',
  /** ARES refusing the input (400 CHYBA_VSTUPU), as it does for a number it will not look up. */
  refused: '49273108',
} as const;

export interface AresPeer {
  /** What to set ARES_BASE_URL to (the real API's path on a loopback port). */
  url: string;
  /** Every IČO asked about, in order. */
  asked: string[];
  /** The `Accept` header of every request, in order. */
  accepts: (string | undefined)[];
  close(): Promise<void>;
}

const INPUT_ERROR = {
  kod: 'CHYBA_VSTUPU',
  popis:
    "Položka 'ico' : nesplňuje regulární výraz [0-9]{8}|Není vyplněn správný formát IČO. Upravte parametry vyhledávání.|Chyba vstupu",
  subKod: 'VSTUP_NEVALIDNI_FORMAT_ICO',
};

/**
 * The ARES REST API on a loopback port: `GET /ekonomicke-subjekty/{ico}` answers as ARES does
 * (200 with the subject, 404 `NENALEZENO`, 400 `CHYBA_VSTUPU`, a 500 `OBECNA_CHYBA`, an answer
 * slower than our timeout, broken JSON). Error bodies are ARES's `Chyba` (`kod`, `popis`,
 * `subKod`). A random port; it holds no test run open (unref'd) and `close()` ends it at once.
 */
export async function startAresPeer({ slowMs = 6000 } = {}): Promise<AresPeer> {
  const asked: string[] = [];
  const accepts: (string | undefined)[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const match = /^\/ekonomicke-subjekty-v-be\/rest\/ekonomicke-subjekty\/(\d{8})$/.exec(
      request.url ?? '',
    );
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    accepts.push(request.headers.accept);
    if (!match?.[1]) return json(400, INPUT_ERROR);
    const ico = match[1];
    asked.push(ico);
    const subject = ARES_SUBJECTS[ico as keyof typeof ARES_SUBJECTS];
    if (subject) return json(200, subject);
    if (ico === ARES_FAULTS.refused) return json(400, INPUT_ERROR);
    if (ico === ARES_FAULTS.serverError) {
      return json(500, { kod: 'OBECNA_CHYBA', popis: 'Neočekávaná chyba.' });
    }
    if (ico === ARES_FAULTS.malformed) {
      return response.writeHead(200, { 'content-type': 'application/json' }).end('{"ico":');
    }
    if (ico === ARES_FAULTS.slow) {
      const timer = setTimeout(() => json(200, ARES_SUBJECTS['27074358']), slowMs).unref();
      timers.add(timer);
      return;
    }
    return json(404, {
      kod: 'NENALEZENO',
      popis: 'Ekonomický subjekt nebyl nalezen.',
      subKod: 'VYSTUP_SUBJEKT_NENALEZEN',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/ekonomicke-subjekty-v-be/rest`,
    asked,
    accepts,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
