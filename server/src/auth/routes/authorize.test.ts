import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();

describe('GET /authorize', () => {
  it('is open (a browser navigation) and says a known provider is not enabled', async () => {
    for (const provider of ['google', 'apple']) {
      const res = await t.app.inject({
        url: `/auth/v1/authorize?provider=${provider}&redirect_to=http%3A%2F%2Flocalhost%3A8080`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      });
    }
  });

  it('says an unknown or missing provider could not be found', async () => {
    for (const query of ['provider=myspace', '']) {
      const res = await t.app.inject({ url: `/auth/v1/authorize?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ msg: string }>().msg).toMatch(/could not be found/);
    }
  });
});
