import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { href } from '@partak/domain/routes';
import { getAuthState } from '@/lib/auth-state.ts';
import { AUTH_ORIGIN, fakeAuthServer, json, sessionOf, USER } from '@/testing/fake-auth-server.ts';
import { polyfillNativeDialog } from '@/testing/native-dialog.ts';
import { renderSettled } from '@/testing/render-settled.tsx';
import { AuthorizeAppPage } from './authorize-app.tsx';

const DETAILS = {
  authorization_id: 'a-1',
  redirect_uri: 'https://app.kniha.example.com/callback',
  client: { id: 'c-1', name: 'Kniha jízd', uri: 'https://kniha.example.com', logo_uri: '' },
  user: { id: USER.id, email: USER.email },
  scope: 'openid email',
};

const renderAt = (path: string) =>
  renderSettled(
    <MemoryRouter initialEntries={[path]}>
      <AuthorizeAppPage />
    </MemoryRouter>,
  );

describe('the consent page (/povolit-pristup)', () => {
  beforeAll(polyfillNativeDialog);
  beforeEach(() => localStorage.clear());

  it('explains a link without its request and leads home', async () => {
    fakeAuthServer();
    await renderAt(href('authorizeApp'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Povolit přístup');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('V odkazu chybí údaje o žádosti.');
    expect(within(alert).getByRole('link', { name: 'Zpět na úvod' })).toHaveAttribute('href', '/');
  });

  it('sends a mailed sign-in link back to this very request', async () => {
    const server = fakeAuthServer();
    const page = `${href('authorizeApp')}?authorization_id=a-2`;
    const otp = `POST /otp?${new URLSearchParams({ redirect_to: `${AUTH_ORIGIN}${page}` })}`;
    server.on(otp, () => json(200, {}));
    await renderAt(page);
    fireEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přihlášení' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: USER.email } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Poslat odkaz pro přihlášení' }));
    expect(await within(dialog).findByLabelText('Kód z e-mailu')).toBeInTheDocument();
    expect(server.made(otp)).toHaveLength(1);
  });

  // Last: signing in lasts for the rest of the file (the auth state is one per page).
  it('signed out: offers the sign-in dialog, then shows the request on the same page', async () => {
    const server = fakeAuthServer();
    server.on('POST /token?grant_type=password', () => json(200, sessionOf()));
    server.on('GET /oauth/authorizations/a-1', () => json(200, DETAILS));
    expect(getAuthState().status).toBe('signedOut');
    await renderAt(`${href('authorizeApp')}?authorization_id=a-1`);

    expect(screen.getByText('Nejdřív se přihlas')).toBeInTheDocument();
    expect(
      screen.getByText(/Jiná aplikace tě žádá o přihlášení účtem v Parťákovi\./),
    ).toBeInTheDocument();
    expect(server.made('GET /oauth/authorizations/a-1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přihlášení' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: USER.email } });
    fireEvent.change(within(dialog).getByLabelText('Heslo'), { target: { value: 'tajne-heslo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Přihlásit se' }));

    const request = await screen.findByRole('region', { name: 'Kniha jízd' });
    expect(request).toHaveTextContent('Jako jana@example.cz');
    const heading = within(request).getByRole('heading', { level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(request).getByRole('button', { name: 'Povolit' })).toBeEnabled();
    expect(server.made('POST /token?grant_type=password')[0]?.body).toMatchObject({
      email: USER.email,
      password: 'tajne-heslo',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Nejdřív se přihlas')).toBeNull();
  });
});
