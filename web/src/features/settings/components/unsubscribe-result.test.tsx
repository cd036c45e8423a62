import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderSettled } from '@/testing/render-settled.tsx';
import { UnsubscribeResult } from './unsubscribe-result.tsx';

const api = vi.hoisted(() => ({ apiJson: vi.fn() }));

vi.mock('@/lib/api-client.ts', async (original) => ({
  ...(await original<object>()),
  apiJson: api.apiJson,
}));

const show = (token: string | null) =>
  renderSettled(
    <MemoryRouter>
      <UnsubscribeResult token={token} />
    </MemoryRouter>,
  );

describe('UnsubscribeResult', () => {
  beforeEach(() => api.apiJson.mockReset());

  it('stops the e-mails once, with the token from the link', async () => {
    api.apiJson.mockResolvedValue({ result: 'unsubscribed' });
    await show('t-1');
    expect(await screen.findByText(/Připomínky e-mailem ti už/)).toHaveRole('status');
    expect(api.apiJson).toHaveBeenCalledTimes(1);
    expect(api.apiJson).toHaveBeenCalledWith('/reminders/unsubscribe', expect.anything(), {
      method: 'POST',
      body: { token: 't-1' },
    });
    expect(screen.getByRole('link', { name: 'Nastavení oznámení' })).toBeVisible();
  });

  it('says a link without its code is incomplete, asking nothing', async () => {
    await show(null);
    expect(screen.getByRole('status')).toHaveTextContent(/V odkazu chybí kód/);
    expect(api.apiJson).not.toHaveBeenCalled();
  });

  it('says why it failed', async () => {
    api.apiJson.mockRejectedValueOnce(
      Object.assign(new Error('Down'), { errorCode: 'unavailable' }),
    );
    await show('t-2');
    expect(await screen.findByText(/dočasně nedostupná/)).toHaveRole('status');
    expect(api.apiJson).toHaveBeenCalledTimes(1);
  });
});
