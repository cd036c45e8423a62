import { describe, expect, it, vi } from 'vitest';
import type { Factor, GoTrueClient } from '@supabase/auth-js';
import { AuthApiError } from '@supabase/auth-js';
import { atAal2 } from '@/features/security/at-aal2.ts';
import {
  dropUnfinished,
  groupSecret,
  qrCodeImage,
  recode,
  toSecondFactors,
  uniqueName,
  type SecondFactor,
} from './factors.ts';

const factor = (fields: Partial<Factor> & { phone?: string }): Factor =>
  ({ created_at: '', updated_at: '', status: 'verified', ...fields }) as Factor;

describe('second factors', () => {
  it('keeps the kinds the app knows, apps first, and names a phone by its number', () => {
    const factors = toSecondFactors([
      factor({ id: 'p', factor_type: 'phone', phone: '+420777123456', status: 'unverified' }),
      factor({ id: 'r', factor_type: 'recovery_code' as Factor['factor_type'] }),
      factor({ id: 'w', factor_type: 'webauthn', friendly_name: 'MacBook' }),
      factor({ id: 't', factor_type: 'totp', friendly_name: ' Mobil ' }),
    ]);
    expect(factors).toEqual([
      { id: 't', type: 'totp', name: 'Mobil', verified: true, phone: '' },
      { id: 'w', type: 'webauthn', name: 'MacBook', verified: true, phone: '' },
      { id: 'p', type: 'phone', name: '+420777123456', verified: false, phone: '+420777123456' },
    ]);
  });

  it('finds a name no factor has yet', () => {
    const named = (name: string) => ({ name }) as SecondFactor;
    expect(uniqueName('Klíč', [])).toBe('Klíč');
    expect(uniqueName('Klíč', [named('Klíč'), named('Klíč 2')])).toBe('Klíč 3');
  });

  it('shows the server’s SVG as an encoded data URL, never as markup', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1#"/></svg>';
    const url = qrCodeImage(`data:image/svg+xml;utf-8,${svg}`);
    expect(url).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
    expect(url).not.toContain('<');
    expect(qrCodeImage(svg)).toBe(url);
  });

  it('groups a secret by four for typing by hand', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('says a failure in its context', () => {
    const refused = new AuthApiError('Invalid phone number format', 400, 'validation_failed');
    expect(() => recode(refused, 'validation_failed', 'invalid_phone')).toThrow(
      expect.objectContaining({ code: 'invalid_phone' }),
    );
    const other = new AuthApiError('Too many', 429, 'over_request_rate_limit');
    expect(() => recode(other, 'validation_failed', 'invalid_phone')).toThrow(other);
  });

  it('removes only unfinished attempts of the same name before a retry', async () => {
    const unenroll = vi.fn(async () => ({ data: {}, error: null }));
    const all = [
      factor({ id: 'a', factor_type: 'webauthn', friendly_name: 'Klíč', status: 'unverified' }),
      factor({ id: 'b', factor_type: 'webauthn', friendly_name: 'Klíč' }),
      factor({ id: 'c', factor_type: 'totp', friendly_name: 'Jiný', status: 'unverified' }),
    ];
    const client = {
      mfa: { listFactors: async () => ({ data: { all }, error: null }), unenroll },
    } as unknown as GoTrueClient;
    await dropUnfinished(client, 'Klíč');
    expect(unenroll.mock.calls).toEqual([[{ factorId: 'a' }]]);
  });
});

describe('atAal2', () => {
  const insufficient = new AuthApiError('AAL2 required', 403, 'insufficient_aal');
  const clientAt = (currentLevel: string) =>
    ({
      mfa: {
        getAuthenticatorAssuranceLevel: async () => ({
          data: { currentLevel, nextLevel: 'aal2' },
          error: null,
        }),
      },
    }) as unknown as GoTrueClient;

  it('asks for the second factor first when the session is below aal2', async () => {
    const action = vi.fn(async () => 'removed');
    const confirm = vi.fn(async () => true);
    await expect(atAal2(clientAt('aal1'), action, confirm, true)).resolves.toBe('removed');
    expect(confirm).toHaveBeenCalledOnce();
    expect(confirm.mock.invocationCallOrder[0]).toBeLessThan(
      action.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('does not act when the user gives up', async () => {
    const action = vi.fn(async () => 'removed');
    const result = await atAal2(clientAt('aal1'), action, async () => false, true);
    expect(result).toBeUndefined();
    expect(action).not.toHaveBeenCalled();
  });

  it('asks and tries again when the server says the session is below aal2 after all', async () => {
    const action = vi.fn().mockRejectedValueOnce(insufficient).mockResolvedValueOnce('added');
    const confirm = vi.fn(async () => true);
    await expect(atAal2(clientAt('aal2'), action, confirm, true)).resolves.toBe('added');
    expect(confirm).toHaveBeenCalledOnce();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('passes other failures on, without asking', async () => {
    const refused = new AuthApiError('Name taken', 422, 'mfa_factor_name_conflict');
    const confirm = vi.fn(async () => true);
    await expect(
      atAal2(clientAt('aal2'), () => Promise.reject(refused), confirm, false),
    ).rejects.toBe(refused);
    expect(confirm).not.toHaveBeenCalled();
  });
});
