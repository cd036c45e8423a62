import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AuthApiError } from '@supabase/auth-js';
import { getAuthState, setAuthState, setAuthUser } from '@/lib/auth-state.ts';
import { polyfillNativeDialog } from '@/testing/native-dialog.ts';
import { AuthDialog } from './auth-dialog.tsx';

const client = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signOut: vi.fn(),
  mfa: {
    listFactors: vi.fn(),
    challenge: vi.fn(),
    verify: vi.fn(),
    challengeAndVerify: vi.fn(),
    webauthn: { authenticate: vi.fn() },
  },
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));

vi.mock('@/lib/auth-client.ts', () => ({ loadAuthClient: async () => client }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

const USER = { id: 'u-1', email: 'ema@example.cz', provider: 'email' };
const TOTP = { id: 'f-totp', factor_type: 'totp', friendly_name: 'Mobil', status: 'verified' };
const PHONE = { id: 'f-sms', factor_type: 'phone', phone: '+420777123456', status: 'verified' };
const PASSKEY = { id: 'f-key', factor_type: 'webauthn', friendly_name: 'Notebook' };

const button = (name: string) => screen.getByRole('button', { name });
const listing = (...all: object[]) => ({ data: { all }, error: null });
/** What auth-js does on a verified factor: the aal2 session reaches the store (event), then resolves. */
const verifies = () => {
  setAuthUser(USER);
  return { data: {}, error: null };
};

function renderAtSecondStep() {
  setAuthState({ status: 'needsSecondFactor', user: USER });
  const onClose = vi.fn();
  render(<AuthDialog open onClose={onClose} />);
  return onClose;
}

describe('the second step of signing in', () => {
  beforeAll(polyfillNativeDialog);
  beforeEach(() => {
    setAuthUser(undefined);
    const mocks = [client.signInWithPassword, client.signOut, ...Object.values(toast)];
    for (const mock of [...mocks, ...Object.values(client.mfa)]) {
      if (typeof mock === 'function') mock.mockReset();
    }
    client.mfa.webauthn.authenticate.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows the password of an account with a verified factor, and signs in after the code', async () => {
    client.signInWithPassword.mockImplementation(async () => {
      setAuthState({ status: 'needsSecondFactor', user: USER });
      const session = { access_token: 'e30.e30.x', user: { factors: [TOTP] } };
      return { data: { session, user: {} }, error: null };
    });
    client.mfa.listFactors.mockResolvedValue(listing(TOTP));
    const onClose = vi.fn();
    render(<AuthDialog open onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: USER.email } });
    fireEvent.change(screen.getByLabelText('Heslo'), { target: { value: 'tajne-heslo' } });
    fireEvent.click(button('Přihlásit se'));

    expect(await screen.findByRole('dialog', { name: 'Potvrď přihlášení' })).toBeInTheDocument();
    expect(screen.getByText(/Přihlašuješ se jako ema@example.cz/)).toBeInTheDocument();
    const code = await screen.findByLabelText('Šestimístný kód');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    expect(toast.success).not.toHaveBeenCalled();

    fireEvent.click(button('Ověřit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Zadej šestimístný kód.');

    client.mfa.challengeAndVerify.mockResolvedValueOnce({
      data: null,
      error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'),
    });
    fireEvent.change(code, { target: { value: '000 000' } });
    fireEvent.click(button('Ověřit'));
    const refused = 'Kód nesouhlasí nebo už byl použitý. Zkontroluj ho a zkus to znovu.';
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Chyba', refused));
    expect(screen.getByRole('alert')).toHaveTextContent(refused);
    expect(client.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'f-totp',
      code: '000000',
    });

    client.mfa.challengeAndVerify.mockImplementationOnce(async () => verifies());
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(button('Ověřit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith('Přihlášení proběhlo úspěšně', 'Vítej zpět!');
    expect(getAuthState().status).toBe('signedIn');
  });

  it('lets the user sign out instead', async () => {
    client.mfa.listFactors.mockResolvedValue(listing(TOTP));
    client.signOut.mockImplementation(async () => {
      setAuthUser(undefined);
      return { error: null };
    });
    const onClose = renderAtSecondStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Odhlásit se' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(toast.success).toHaveBeenCalledWith('Odhlášení proběhlo úspěšně', expect.any(String));
  });

  it('offers each verified factor; a phone gets its code texted on request', async () => {
    client.mfa.listFactors.mockResolvedValue(
      listing(TOTP, PHONE, { ...PASSKEY, status: 'unverified' }),
    );
    client.mfa.challenge.mockResolvedValue({ data: { id: 'ch-1' }, error: null });
    client.mfa.verify.mockImplementation(async () => verifies());
    const onClose = renderAtSecondStep();

    const choice = await screen.findByRole('group', { name: 'Jak se chceš ověřit?' });
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Mobil/ })).toBeChecked();
    expect(choice).not.toHaveTextContent('Notebook');
    fireEvent.click(screen.getByRole('radio', { name: /\+420777123456/ }));
    expect(screen.getByText(/Pošleme ti SMS s kódem na číslo \+420777123456/)).toBeInTheDocument();
    expect(client.mfa.challenge).not.toHaveBeenCalled();

    fireEvent.click(button('Poslat kód'));
    const code = await screen.findByLabelText('Kód z SMS');
    expect(client.mfa.challenge).toHaveBeenCalledWith({ factorId: 'f-sms', channel: 'sms' });
    fireEvent.change(code, { target: { value: '482913' } });
    fireEvent.click(button('Ověřit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.mfa.verify).toHaveBeenCalledWith({
      factorId: 'f-sms',
      challengeId: 'ch-1',
      code: '482913',
    });
  });

  it('says so when a new text is asked for too soon', async () => {
    client.mfa.listFactors.mockResolvedValue(listing(PHONE));
    client.mfa.challenge.mockResolvedValue({
      data: null,
      error: new AuthApiError('Only after 42 seconds', 429, 'over_sms_send_rate_limit'),
    });
    renderAtSecondStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Poslat kód' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/Počkej minutu a zkus to znovu/),
    );
    expect(toast.error).toHaveBeenCalledWith('Chyba', expect.stringMatching(/Počkej minutu/));
  });

  it('uses a passkey, and explains a refused prompt', async () => {
    vi.stubGlobal('PublicKeyCredential', vi.fn());
    client.mfa.listFactors.mockResolvedValue(listing({ ...PASSKEY, status: 'verified' }));
    client.mfa.webauthn.authenticate.mockResolvedValueOnce({
      data: null,
      error: new AuthApiError('WebAuthn verification failed', 422, 'mfa_verification_failed'),
    });
    const onClose = renderAtSecondStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Použít přístupový klíč' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/Přístupový klíč se nepodařilo použít/),
    );
    expect(client.mfa.webauthn.authenticate).toHaveBeenCalledWith({ factorId: 'f-key' });

    client.mfa.webauthn.authenticate.mockImplementationOnce(async () => verifies());
    fireEvent.click(button('Použít přístupový klíč'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
