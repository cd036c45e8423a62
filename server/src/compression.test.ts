import { describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { newId } from '@partak/domain/ids';
import { apiUser, ROOMY_LIMITS } from '../test/data-api.ts';
import { apiKeyOf, useTestApp } from '../test/helpers.ts';

const t = useTestApp({ rateLimits: ROOMY_LIMITS });

/**
 * Responses are compressed from 4 KiB: a session or a goal costs more CPU to compress than the
 * few hundred bytes it saves (the refresh grant's profile, ADR 013); a long list is worth it.
 */
describe('response compression', () => {
  it('leaves a session answer as it is', async () => {
    const user = await apiUser(t, 'compress');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { apikey: await apiKeyOf(t), 'accept-encoding': 'br, gzip' },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('refresh_token');
  });

  it('compresses a long list with brotli', async () => {
    const user = await apiUser(t, 'compress-list');
    for (let i = 0; i < 40; i++) {
      await user.call('POST', '/goals', { id: newId(), title: `Cíl číslo ${i} s delším názvem` });
    }
    const res = await t.app.inject({
      url: '/api/v1/goals',
      headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as {
      items: unknown[];
    };
    expect(body.items).toHaveLength(40);
  });
});
