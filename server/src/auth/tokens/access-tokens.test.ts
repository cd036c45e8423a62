import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { pgliteDatabase, type TestDatabase } from '../../../test/databases.ts';
import { signAccessToken, verifyAccessToken, type AccessTokenInput } from './access-tokens.ts';
import { activeSigningKey, publicKeys } from './signing-keys.ts';

const ISSUER = 'http://localhost:8080/auth/v1';
const claims: AccessTokenInput = {
  sub: '2f2b7a50-4a9c-4a4e-9c9e-0d7e3b7f1a11',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'jana@example.cz',
  phone: '',
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: {},
  aal: 'aal1',
  amr: [{ method: 'password', timestamp: 1_790_000_000 }],
  session_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  is_anonymous: false,
};

let test: TestDatabase;
beforeAll(async () => {
  test = await pgliteDatabase();
});
afterAll(() => test.drop());

describe('access tokens', () => {
  it('carry the contract claims, are signed with the active key and verify against JWKS', async () => {
    const key = await activeSigningKey(test.database.db);
    const { token, expiresAt } = await signAccessToken(claims, key, {
      issuer: ISSUER,
      lifetimeSeconds: 3600,
    });
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: key.kid,
      typ: 'JWT',
    });
    const verified = await verifyAccessToken(
      token,
      await publicKeys(test.database.db, 3600),
      ISSUER,
    );
    expect(verified).toMatchObject({ ...claims, iss: ISSUER, exp: expiresAt });
    expect(typeof verified.aud).toBe('string');
    expect((verified.exp ?? 0) - (verified.iat ?? 0)).toBe(3600);
  });

  it('refuse a token signed with another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const key = await activeSigningKey(test.database.db);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    await expect(
      verifyAccessToken(forged, await publicKeys(test.database.db, 3600), ISSUER),
    ).rejects.toThrow(/signature/);
  });

  it('refuse expired tokens, foreign issuers, unsigned and symmetric tokens', async () => {
    const key = await activeSigningKey(test.database.db);
    const keys = await publicKeys(test.database.db, 3600);
    const expired = await signAccessToken(claims, key, {
      issuer: ISSUER,
      lifetimeSeconds: 60,
      now: new Date(Date.now() - 3_600_000),
    });
    await expect(verifyAccessToken(expired.token, keys, ISSUER)).rejects.toThrow(/exp/);
    const foreign = await signAccessToken(claims, key, {
      issuer: 'https://evil.example',
      lifetimeSeconds: 60,
    });
    await expect(verifyAccessToken(foreign.token, keys, ISSUER)).rejects.toThrow(/iss/);
    const body = Buffer.from(
      JSON.stringify({ ...claims, iss: ISSUER, exp: 9_999_999_999 }),
    ).toString('base64url');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    await expect(verifyAccessToken(none, keys, ISSUER)).rejects.toThrow();
    const secret = new TextEncoder().encode(
      JSON.stringify(await exportJWK((await generateKeyPair('ES256')).publicKey)),
    );
    const symmetric = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setIssuer(ISSUER)
      .setExpirationTime('1h')
      .sign(secret);
    await expect(verifyAccessToken(symmetric, keys, ISSUER)).rejects.toThrow();
  });
});
