import { z } from 'zod/mini';
import { isValidIco, normalizeIco } from '@partak/domain/business-profile';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import type { ApiInstance } from '../api-instance.ts';

const Params = z.object({ ico: z.string().check(z.maxLength(20)) });

/**
 * `GET /api/v1/registry/{ico}`: what ARES says about an IČO, for the business profile's form.
 * No sign-in (a profile is filled signed out too), so it is counted per address, and a wrong
 * checksum is refused here: ARES is only asked about numbers that can exist.
 */
export function registryRoute(
  app: ApiInstance,
  { limit, lookup }: { limit: Limit; lookup: (ico: string) => Promise<unknown> },
): void {
  app.get(
    '/registry/:ico',
    { schema: { params: Params }, config: rateLimitFor(limit, 'registry') },
    async (request) => {
      const ico = normalizeIco(decodeURIComponent(request.params.ico));
      if (!isValidIco(ico)) throw new HttpError(400, 'ico_invalid', 'Not a valid IČO');
      return lookup(ico);
    },
  );
}
