import { z } from 'zod/mini';
import { isValidIco, normalizeIco } from '@partak/domain/business-profile';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import type { ApiInstance } from '../api-instance.ts';

// Any text: a wrong one is answered `ico_invalid` below, not as a schema failure.
const Params = z.object({ ico: z.string() });

/**
 * A third of the limit of the other public routes (RATE_LIMIT_VERIFY; 10 per 5 minutes by
 * default). Tighter because each new IČO costs a question to ARES, which limits how many one
 * address may ask and counts all our users as one: a script walking through IČOs here would get
 * the whole server refused there. A person fills one or two IČOs.
 */
export function registryLimitOf(publicLimit: Limit): Limit {
  return {
    max: Math.max(1, Math.floor(publicLimit.max / 3)),
    windowSeconds: publicLimit.windowSeconds,
  };
}

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
    { schema: { params: Params }, config: rateLimitFor(registryLimitOf(limit), 'registry') },
    async (request) => {
      // The router has decoded the path already ("270%2074%20358" is "270 74 358" here).
      const ico = normalizeIco(request.params.ico);
      if (!isValidIco(ico)) throw new HttpError(400, 'ico_invalid', 'Not a valid IČO');
      return lookup(ico);
    },
  );
}
