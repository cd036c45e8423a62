import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { queryClient } from '@/lib/data/query-client.ts';
import { renderSettled } from '@/testing/render-settled.tsx';
import { SubscriptionOffer } from './subscription-offer.tsx';

function serverSays(config: object) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === '/api/v1/config') {
      return Response.json({ authUrl: '/auth/v1', anonKey: 'k', vapidPublicKey: 'v', ...config });
    }
    throw new Error(`Unexpected request to ${url}`);
  });
}

const SIGN_IN = 'Přihlášení';

function SignInDialog({ open }: { open: boolean; onClose: () => void }) {
  return open ? <div role="dialog" aria-label={SIGN_IN} /> : null;
}

const renderOffer = () =>
  renderSettled(
    <MemoryRouter initialEntries={['/subscription']}>
      <SubscriptionOffer SignInDialog={SignInDialog} />
    </MemoryRouter>,
  );

describe('the subscription offer', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    queryClient.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the spec’s placeholder where the server sells nothing', async () => {
    serverSays({ billing: false });
    await renderOffer();
    expect(
      await screen.findByRole('button', { name: 'Platbu kartou připravujeme' }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Vyzkoušet 3 dny zdarma' })).toBeEnabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('signs a visitor in before checkout, and shows what each plan gets', async () => {
    serverSays({
      billing: true,
      modelMentor: true,
      freeLimits: { modelReplies: 15, savedConversations: 10 },
    });
    await renderOffer();
    const trial = await screen.findByRole('button', { name: 'Vyzkoušet 3 dny zdarma' });
    expect(screen.queryByRole('button', { name: 'Platbu kartou připravujeme' })).toBeNull();
    const plans = screen.getByRole('table', { name: 'Co máš zdarma a co s Premium' });
    expect(plans).toHaveTextContent('Odpovědi AI mentora15 za měsícBez omezení');
    expect(plans).toHaveTextContent('Uložené konverzace10 v účtuBez omezení');
    expect(plans).toHaveTextContent('KalkulačkyAnoAno');

    fireEvent.click(trial);
    expect(screen.getByRole('dialog', { name: 'Přihlášení' })).toBeInTheDocument();
    expect(sessionStorage.getItem('partak_checkout_after_sign_in')).toBe('1');
  });

  it('leaves the AI line out where no model answers', async () => {
    serverSays({ billing: true, modelMentor: false });
    await renderOffer();
    const plans = await screen.findByRole('table');
    expect(plans).not.toHaveTextContent('Odpovědi AI mentora');
    expect(plans).toHaveTextContent('20 v účtu');
  });
});
