import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirmedUser, passwordGrant, type WireSession } from '../../../test/auth-helpers.ts';
import { appWithOptions } from '../../../test/auth-options.ts';
import { databaseKinds } from '../../../test/databases.ts';

const SAML_OFF = { code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' };

describe.each(databaseKinds())(
  'GoTrue’s refusals for what stays unsupported on $name',
  ({ open }) => {
    const app = appWithOptions(open, {});

    it('POST /sso (signInWithSSO) is refused as GoTrue with SAML off refuses it', async () => {
      const bodies = [
        { domain: 'firma.cz', redirect_to: null, skip_http_redirect: true },
        { provider_id: randomUUID(), code_challenge: 'x', code_challenge_method: 's256' },
        {},
        'not json at all',
      ];
      for (const payload of bodies) {
        const res = await app.auth('POST', '/sso', { payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(404);
        expect(res.json()).toMatchObject(SAML_OFF);
        expect(res.headers['x-sb-error-code']).toBe('saml_provider_disabled');
      }
      // The legacy shape for clients without the API version header.
      const legacy = await app.t.app.inject({
        method: 'POST',
        url: '/auth/v1/sso',
        headers: { apikey: app.apikey },
        payload: {},
      });
      expect(legacy.json()).toEqual({
        code: 404,
        error_code: 'saml_provider_disabled',
        msg: 'SAML 2.0 is disabled',
      });
    });

    it('the SAML endpoints answer the same, without an apikey as behind Supabase’s gateway', async () => {
      const requests = [
        { method: 'GET', url: '/auth/v1/sso/saml/metadata' },
        { method: 'GET', url: '/auth/v1/sso/saml/metadata?download=true' },
        {
          method: 'POST',
          url: '/auth/v1/sso/saml/acs',
          payload: 'SAMLResponse=PHNhbWw%2BPC9zYW1sPg%3D%3D&RelayState=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ] as const;
      for (const request of requests) {
        const res = await app.t.app.inject(request);
        expect(res.statusCode, request.url).toBe(404);
        expect(res.json()).toMatchObject({ error_code: 'saml_provider_disabled' });
      }
      // Anything else under /sso still needs the apikey first.
      const keyless = await app.t.app.inject({ method: 'POST', url: '/auth/v1/sso', payload: {} });
      expect(keyless.statusCode).toBe(401);
      const other = await app.auth('DELETE', '/sso/saml/anything');
      expect(other.json()).toMatchObject(SAML_OFF);
    });

    it('a factor id that is no UUID: 404 validation_failed, before the factor is looked up', async () => {
      await confirmedUser(app.t, 'mfa@example.cz', 'dobre-heslo-123');
      const { access_token: token } = (
        await passwordGrant(app.t, app.apikey, {
          email: 'mfa@example.cz',
          password: 'dobre-heslo-123',
        })
      ).json<WireSession>();
      const malformed = { code: 'validation_failed', message: 'factor_id must be an UUID' };
      for (const id of ['not-a-uuid', '123', `${randomUUID()}x`, "1'%20or%20'1'='1"]) {
        const calls = [
          app.auth('DELETE', `/factors/${id}`, { token }),
          app.auth('POST', `/factors/${id}/challenge`, { token, payload: {} }),
          app.auth('POST', `/factors/${id}/verify`, {
            token,
            payload: { challenge_id: randomUUID(), code: '123456' },
          }),
        ];
        for (const res of await Promise.all(calls)) {
          expect(res.statusCode, id).toBe(404);
          expect(res.json()).toMatchObject(malformed);
        }
      }
      const unknown = await app.auth('POST', `/factors/${randomUUID()}/challenge`, {
        token,
        payload: {},
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'mfa_factor_not_found' });
      const signedOut = await app.auth('DELETE', '/factors/not-a-uuid');
      expect(signedOut.statusCode).toBe(401);
    });
  },
);
