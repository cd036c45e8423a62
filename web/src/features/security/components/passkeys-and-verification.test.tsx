import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderSettled } from '@/testing/render-settled.tsx';
import { PasskeysAndVerification } from './passkeys-and-verification.tsx';

const client = vi.hoisted(() => ({
  passkey: { list: vi.fn(async () => ({ data: [], error: null })) },
  mfa: { listFactors: vi.fn(async () => ({ data: { all: [] }, error: null })) },
}));

vi.mock('@/lib/auth-client.ts', () => ({ loadAuthClient: async () => client }));

describe('PasskeysAndVerification', () => {
  it('puts sign-in passkeys and second factors under one heading', async () => {
    await renderSettled(<PasskeysAndVerification />);
    const group = screen.getByRole('region', { name: 'Přístupové klíče a ověření' });
    expect(
      within(group).getByRole('region', { name: 'Přihlášení přístupovým klíčem' }),
    ).toBeVisible();
    expect(within(group).getByRole('region', { name: 'Zabezpečení' })).toBeVisible();
    expect(await within(group).findByText(/Druhé ověření je vypnuté/)).toBeVisible();
  });
});
