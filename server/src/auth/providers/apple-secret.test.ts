import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { loadConfig } from '../../config/env.ts';
import { appleClientSecret, APPLE_SECRET_LIFETIME_SECONDS } from './apple-secret.ts';

describe('the Apple client secret made from the Sign in with Apple key', () => {
  it('is an ES256 JWT from the team, about the client, for Apple, signed by the key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const key = {
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKey: await exportPKCS8(privateKey),
    };
    const secret = await appleClientSecret(key, 'cz.partak.web', 'https://appleid.apple.com');

    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(secret, publicKey, {
      issuer: 'TEAM123456',
      subject: 'cz.partak.web',
      audience: 'https://appleid.apple.com',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(APPLE_SECRET_LIFETIME_SECONDS);
  });

  it('is configured by APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY (newlines as \\n)', async () => {
    const pem = await exportPKCS8(
      (await generateKeyPair('ES256', { extractable: true })).privateKey,
    );
    const config = loadConfig({
      APPLE_CLIENT_ID: 'cz.partak.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: pem.replaceAll('\n', '\\n'),
    });
    expect(config.providers.apple).toEqual({
      clientId: 'cz.partak.web',
      appleKey: { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: pem },
      issuerUrl: 'https://appleid.apple.com',
      additionalClientIds: [],
    });
    // Without the whole key (and without a ready secret), Apple stays off.
    expect(
      loadConfig({ APPLE_CLIENT_ID: 'x', APPLE_TEAM_ID: 'T' }).providers.apple,
    ).toBeUndefined();
    // A bad key is named, never echoed.
    expect(() => loadConfig({ APPLE_PRIVATE_KEY: 'tajne' })).toThrow(
      /APPLE_PRIVATE_KEY=\(hidden\)/,
    );
  });
});
