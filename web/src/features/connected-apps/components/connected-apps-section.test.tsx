import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmRemoveDialog } from '@/components/auth/confirm-remove-dialog.tsx';
import { Toaster } from '@/components/ui/toaster.tsx';
import { fakeAuthServer, json, refusal, storeSession } from '@/testing/fake-auth-server.ts';
import { polyfillNativeDialog } from '@/testing/native-dialog.ts';
import { renderSettled } from '@/testing/render-settled.tsx';
import { ConnectedAppsSection } from './connected-apps-section.tsx';

const KNIHA = {
  client: {
    id: '6f1c2a34-0d5e-4b7a-9c1e-2f3a4b5c6d7e',
    name: 'Kniha jízd',
    uri: 'https://kniha.example.com',
    logo_uri: '',
  },
  scopes: ['openid', 'email'],
  granted_at: '2026-11-20T09:30:00Z',
};
const KALENDAR = {
  client: { id: '0b9d8c7e-1a2b-4c3d-8e9f-a0b1c2d3e4f5', name: 'Kalendář', uri: '', logo_uri: '' },
  scopes: ['profile', 'calendar.read'],
  granted_at: '2026-11-21T18:05:00Z',
};
const GRANTS = 'GET /user/oauth/grants';
const revokeOf = (clientId: string) => `DELETE /user/oauth/grants?client_id=${clientId}`;

let server: ReturnType<typeof fakeAuthServer>;

async function renderSection() {
  await renderSettled(
    <>
      <Toaster />
      <ConnectedAppsSection ConfirmDialog={ConfirmRemoveDialog} />
    </>,
  );
}
/** The list item an app's name heads. */
function itemOf(name: HTMLElement | undefined): HTMLElement {
  const item = name?.closest('li');
  if (!item) throw new Error('not in a list item');
  return item;
}
const section = () => screen.findByRole('region', { name: 'Propojené aplikace' });

describe('the connected apps section', () => {
  beforeAll(polyfillNativeDialog);
  beforeEach(() => {
    localStorage.clear();
    storeSession();
    server = fakeAuthServer();
  });

  it('lists each app: name, host, since when and what it may do', async () => {
    server.on(GRANTS, () => json(200, [KNIHA, KALENDAR]));
    await renderSection();
    const region = await section();
    expect(region).toHaveTextContent('Máš 2 propojené aplikace.');
    const list = within(region).getByRole('list', { name: 'Tvoje propojené aplikace' });
    const names = within(list).getAllByRole('heading', { level: 3 });
    expect(names.map((name) => name.textContent)).toEqual(['Kniha jízd', 'Kalendář']);
    const [kniha, kalendar] = names.map(itemOf);
    expect(kniha).toHaveTextContent('kniha.example.com');
    expect(kniha).toHaveTextContent('Propojeno 20. 11. 2026');
    expect(
      within(itemOf(names[0])).getByRole('list', { name: 'Aplikace může:' }),
    ).toHaveTextContent(
      'Ověřit, že jsi to ty, a poznat tvůj účet v ParťákoviVidět tvou e-mailovou adresu',
    );
    expect(kalendar).toHaveTextContent('Vidět základní údaje z tvého profilu');
    expect(kalendar).toHaveTextContent('Další oprávnění: calendar.read');
    expect(within(region).getByRole('button', { name: 'Odpojit Kalendář' })).toBeEnabled();
  });

  it('says when no app is connected', async () => {
    server.on(GRANTS, () => json(200, []));
    await renderSection();
    expect(await section()).toHaveTextContent('Zatím nemáš propojenou žádnou aplikaci.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('stays away when the auth server has no OAuth server', async () => {
    server.on(GRANTS, () => refusal(404, 'feature_disabled', 'OAuth server is disabled'));
    await renderSection();
    await waitFor(() => expect(server.made(GRANTS)).toHaveLength(1));
    // Let the answer arrive and settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Propojené aplikace' })).toBeNull();
    expect(screen.queryByText('Propojené aplikace')).toBeNull();
  });

  it('disconnects an app after a confirmation', async () => {
    server.on(GRANTS, () => json(200, [KNIHA, KALENDAR]));
    server.on(revokeOf(KNIHA.client.id), () => new Response(null, { status: 204 }));
    await renderSection();
    const region = await section();

    fireEvent.click(within(region).getByRole('button', { name: 'Odpojit Kniha jízd' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Odpojit aplikaci?' });
    expect(confirm).toHaveTextContent(
      'Kniha jízd přijde o přístup k tvému účtu a tvoje přihlášení v ní skončí.',
    );
    expect(within(confirm).getByRole('button', { name: 'Zrušit' })).toBeEnabled();
    expect(server.made(revokeOf(KNIHA.client.id))).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Odpojit' }));

    await waitFor(() => expect(server.made(revokeOf(KNIHA.client.id))).toHaveLength(1));
    expect(await screen.findByText('Aplikace je odpojená')).toBeInTheDocument();
    expect(screen.getByText('Kniha jízd už k tvému účtu nemá přístup.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(region).queryByRole('button', { name: 'Odpojit Kniha jízd' })).toBeNull(),
    );
    expect(within(region).getByRole('button', { name: 'Odpojit Kalendář' })).toBeEnabled();
    expect(region).toHaveTextContent('Máš 1 propojenou aplikaci.');
  });

  it('keeps an app that could not be disconnected and says why', async () => {
    server.on(GRANTS, () => json(200, [KNIHA]));
    server.on(revokeOf(KNIHA.client.id), () => 'network');
    await renderSection();
    const region = await section();
    fireEvent.click(within(region).getByRole('button', { name: 'Odpojit Kniha jízd' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Odpojit aplikaci?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Odpojit' }));
    expect(await screen.findByText('Chyba')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nepodařilo se spojit se serverem. Zkontroluj připojení k internetu a zkus to znovu.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Odpojit Kniha jízd' })).toBeEnabled();
  });

  it('takes an app disconnected elsewhere meanwhile off the list', async () => {
    server.on(GRANTS, () => json(200, [KNIHA]));
    server.on(revokeOf(KNIHA.client.id), () =>
      refusal(404, 'oauth_consent_not_found', 'No active grant found for this client'),
    );
    await renderSection();
    const region = await section();
    fireEvent.click(within(region).getByRole('button', { name: 'Odpojit Kniha jízd' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Odpojit aplikaci?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Odpojit' }));
    await waitFor(() =>
      expect(region).toHaveTextContent('Zatím nemáš propojenou žádnou aplikaci.'),
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    server.on(GRANTS, () => 'network');
    await renderSection();
    const region = await section();
    expect(within(region).getByRole('alert')).toHaveTextContent(
      'Nepodařilo se spojit se serverem.',
    );
    server.on(GRANTS, () => json(200, [KNIHA]));
    fireEvent.click(within(region).getByRole('button', { name: 'Zkusit znovu' }));
    expect(await screen.findByRole('button', { name: 'Odpojit Kniha jízd' })).toBeInTheDocument();
  });
});
