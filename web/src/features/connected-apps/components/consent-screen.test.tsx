import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import {
  fakeAuthServer,
  json,
  refusal,
  sessionOf,
  storeSession,
  USER,
} from '@/testing/fake-auth-server.ts';
import { renderSettled } from '@/testing/render-settled.tsx';
import { ConsentScreen } from './consent-screen.tsx';

const CLIENT = {
  id: '6f1c2a34-0d5e-4b7a-9c1e-2f3a4b5c6d7e',
  name: 'Kniha jízd',
  uri: 'https://kniha.example.com/o-nas',
  logo_uri: 'https://kniha.example.com/logo.png',
};
const details = (id: string, overrides: Record<string, unknown> = {}) => ({
  authorization_id: id,
  redirect_uri: 'https://app.kniha.example.com/callback',
  client: CLIENT,
  user: { id: USER.id, email: USER.email },
  scope: 'openid email profile calendar.read',
  ...overrides,
});
const CODE_URL = 'https://app.kniha.example.com/callback?code=c0de&state=s1';
const DENIED_URL =
  'https://app.kniha.example.com/callback?error=access_denied&error_description=User+denied+the+request&state=s1';

const button = (name: string) => screen.getByRole('button', { name });

let server: ReturnType<typeof fakeAuthServer>;
let session: ReturnType<typeof sessionOf>;
let go: ReturnType<typeof vi.fn<(url: string) => void>>;

async function renderConsent(id: string) {
  await renderSettled(
    <MemoryRouter>
      <ConsentScreen authorizationId={id} go={go} />
    </MemoryRouter>,
  );
}

describe('the consent screen', () => {
  beforeEach(() => {
    localStorage.clear();
    session = sessionOf();
    storeSession(session);
    server = fakeAuthServer();
    go = vi.fn<(url: string) => void>();
  });

  it('shows which app asks, as whom, for what and where it returns, with the user’s token', async () => {
    server.on('GET /oauth/authorizations/a-1', () => json(200, details('a-1')));
    await renderConsent('a-1');

    const request = await screen.findByRole('region', { name: 'Kniha jízd' });
    expect(within(request).getByRole('heading', { level: 2 })).toHaveTextContent('Kniha jízd');
    expect(request).toHaveTextContent('kniha.example.com');
    const logo = within(request).getByRole('img', { name: 'Logo aplikace Kniha jízd' });
    expect(logo).toHaveAttribute('src', CLIENT.logo_uri);
    expect(request).toHaveTextContent('Kniha jízd chce používat tvůj účet v Parťákovi.');
    expect(request).toHaveTextContent('Jako jana@example.cz');
    const scopes = within(request).getByRole('list', { name: 'Aplikace bude moct:' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ověřit, že jsi to ty, a poznat tvůj účet v Parťákovi',
      'Vidět tvou e-mailovou adresu',
      'Vidět základní údaje z tvého profilu',
      'Další oprávnění: calendar.read',
    ]);
    expect(request).toHaveTextContent('Potom tě pošleme zpátky na app.kniha.example.com.');
    expect(button('Povolit')).toBeEnabled();
    expect(button('Odmítnout')).toBeEnabled();

    const [sent] = server.made('GET /oauth/authorizations/a-1');
    expect(sent?.headers.authorization).toBe(`Bearer ${session.access_token}`);
    expect(sent?.headers.apikey).toBe('sb_publishable_test');
    expect(go).not.toHaveBeenCalled();
  });

  it('shows an app’s details as text and a logo only from a web address', async () => {
    const odd = {
      id: CLIENT.id,
      name: '<img src=x onerror=alert(1)>',
      uri: '',
      logo_uri: 'javascript:alert(1)',
    };
    server.on('GET /oauth/authorizations/a-2', () =>
      json(200, details('a-2', { client: odd, scope: '' })),
    );
    await renderConsent('a-2');
    const request = await screen.findByRole('region', { name: odd.name });
    expect(within(request).queryByRole('img')).toBeNull();
    expect(request.querySelector('img')).toBeNull();
    expect(request).toHaveTextContent('Jen ověřit, že jsi to ty');
  });

  it('approves: the server’s answer sends the browser back to the app with its code', async () => {
    server.on('GET /oauth/authorizations/a-3', () => json(200, details('a-3')));
    server.on('POST /oauth/authorizations/a-3/consent', () =>
      json(200, { redirect_url: CODE_URL }),
    );
    await renderConsent('a-3');
    fireEvent.click(await screen.findByRole('button', { name: 'Povolit' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CODE_URL));
    expect(server.made('POST /oauth/authorizations/a-3/consent')[0]?.body).toEqual({
      action: 'approve',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Posíláme tě zpátky do aplikace…');
    expect(screen.queryByRole('button', { name: 'Povolit' })).toBeNull();
  });

  it('denies: the browser goes back to the app with access_denied', async () => {
    server.on('GET /oauth/authorizations/a-4', () => json(200, details('a-4')));
    server.on('POST /oauth/authorizations/a-4/consent', () =>
      json(200, { redirect_url: DENIED_URL }),
    );
    await renderConsent('a-4');
    fireEvent.click(await screen.findByRole('button', { name: 'Odmítnout' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(DENIED_URL));
    expect(server.made('POST /oauth/authorizations/a-4/consent')[0]?.body).toEqual({
      action: 'deny',
    });
  });

  it('goes back to the app at once when the user consented to these scopes before', async () => {
    server.on('GET /oauth/authorizations/a-5', () => json(200, { redirect_url: CODE_URL }));
    await renderConsent('a-5');
    await waitFor(() => expect(go).toHaveBeenCalledWith(CODE_URL));
    expect(go).toHaveBeenCalledTimes(1);
    expect(server.made('GET /oauth/authorizations/a-5')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Povolit' })).toBeNull();
  });

  it('explains an unknown or expired request and offers the way home', async () => {
    server.on('GET /oauth/authorizations/a-6', () =>
      refusal(404, 'oauth_authorization_not_found', 'authorization not found'),
    );
    await renderConsent('a-6');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Žádost o přístup nejde otevřít');
    expect(alert).toHaveTextContent(
      'Tahle žádost o přístup už neplatí – vypršela, nebo už je vyřízená. Vrať se do aplikace a zkus to znovu.',
    );
    expect(within(alert).getByRole('link', { name: 'Zpět na úvod' })).toHaveAttribute('href', '/');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('says when signing in to other apps is turned off', async () => {
    server.on('GET /oauth/authorizations/a-7', () =>
      refusal(404, 'feature_disabled', 'OAuth server is disabled'),
    );
    await renderConsent('a-7');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Přihlašování do jiných aplikací přes Parťáka je teď vypnuté.',
    );
  });

  it('offers to try again when the server cannot be reached, and then shows the request', async () => {
    server.on('GET /oauth/authorizations/a-8', () => 'network');
    await renderConsent('a-8');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Nepodařilo se spojit se serverem. Zkontroluj připojení k internetu a zkus to znovu.',
    );
    server.on('GET /oauth/authorizations/a-8', () => json(200, details('a-8')));
    fireEvent.click(within(alert).getByRole('button', { name: 'Zkusit znovu' }));
    expect(await screen.findByRole('region', { name: 'Kniha jízd' })).toBeInTheDocument();
  });

  it('keeps the request on screen when an answer fails to arrive, and lets the user answer again', async () => {
    server.on('GET /oauth/authorizations/a-9', () => json(200, details('a-9')));
    server.on('POST /oauth/authorizations/a-9/consent', () => 'network');
    await renderConsent('a-9');
    fireEvent.click(await screen.findByRole('button', { name: 'Povolit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nepodařilo se spojit se serverem.');
    expect(go).not.toHaveBeenCalled();
    server.on('POST /oauth/authorizations/a-9/consent', () =>
      json(200, { redirect_url: CODE_URL }),
    );
    await waitFor(() => expect(button('Povolit')).toBeEnabled());
    fireEvent.click(button('Povolit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CODE_URL));
  });

  it('explains a request answered meanwhile (elsewhere) instead of the buttons', async () => {
    server.on('GET /oauth/authorizations/a-10', () => json(200, details('a-10')));
    server.on('POST /oauth/authorizations/a-10/consent', () =>
      refusal(400, 'validation_failed', 'authorization request is no longer pending'),
    );
    await renderConsent('a-10');
    fireEvent.click(await screen.findByRole('button', { name: 'Odmítnout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tahle žádost o přístup už neplatí');
    expect(screen.queryByRole('button', { name: 'Povolit' })).toBeNull();
    expect(go).not.toHaveBeenCalled();
  });

  it('never follows an address that would run in this page', async () => {
    server.on('GET /oauth/authorizations/a-11', () =>
      json(200, { redirect_url: 'javascript:alert(1)' }),
    );
    await renderConsent('a-11');
    expect(await screen.findByRole('alert')).toHaveTextContent('Něco se pokazilo.');
    expect(go).not.toHaveBeenCalled();
  });
});
