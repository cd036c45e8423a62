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
    czNace: ['74100', '73110', '62010'],
    primarniZdroj: 'res',
  },
  /** An s. r. o. in Prague without `textovaAdresa` (built from the parts). */
  '26168685': {
    ico: '26168685',
    obchodniJmeno: 'Pekárna U Nováků s.r.o.',
    pravniForma: '112',
    sidlo: {
      kodKraje: 19,
      nazevObce: 'Praha',
      nazevUlice: 'Radlická',
      cisloDomovni: 3294,
      cisloOrientacni: 10,
      psc: 15000,
    },
    czNace: ['10710'],
  },
} as const;

/** IČOs with a valid checksum that make the peer misbehave. */
export const ARES_FAULTS = {
  notFound: '45274649',
  serverError: '00006947',
  slow: '00064581',
  malformed: '25596641',
} as const;

export interface AresPeer {
  /** What to set ARES_BASE_URL to. */
  url: string;
  /** Every IČO asked about, in order. */
  asked: string[];
  close(): Promise<void>;
}

/**
 * The ARES REST API on a loopback port: `GET /ekonomicke-subjekty/{ico}` answers as ARES does
 * (200 with the subject, 404 `NENALEZENO`, a 500, an answer slower than our timeout, broken JSON).
 */
export async function startAresPeer({ slowMs = 6000 } = {}): Promise<AresPeer> {
  const asked: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const match = /^\/ekonomicke-subjekty\/(\d+)$/.exec(request.url ?? '');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!match?.[1]) return json(400, { kod: 'CHYBA_VSTUPU', popis: 'Chyba vstupu.' });
    const ico = match[1];
    asked.push(ico);
    const subject = ARES_SUBJECTS[ico as keyof typeof ARES_SUBJECTS];
    if (subject) return json(200, subject);
    if (ico === ARES_FAULTS.serverError) return json(500, { kod: 'CHYBA_SERVERU' });
    if (ico === ARES_FAULTS.malformed) {
      return response.writeHead(200, { 'content-type': 'application/json' }).end('{"ico":');
    }
    if (ico === ARES_FAULTS.slow) {
      const timer = setTimeout(() => json(200, ARES_SUBJECTS['27074358']), slowMs);
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
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
