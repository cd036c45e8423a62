import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AuthApiError } from '@supabase/auth-js';
import { polyfillNativeDialog } from '@/testing/native-dialog.ts';
import { SecuritySection } from './security-section.tsx';

const client = vi.hoisted(() => ({
  mfa: {
    listFactors: vi.fn(),
    enroll: vi.fn(),
    unenroll: vi.fn(),
    challenge: vi.fn(),
    verify: vi.fn(),
    challengeAndVerify: vi.fn(),
    getAuthenticatorAssuranceLevel: vi.fn(),
    webauthn: { register: vi.fn() },
  },
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));

vi.mock('@/lib/auth-client.ts', () => ({ loadAuthClient: async () => client }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

const TOTP = { id: 'f-totp', factor_type: 'totp', friendly_name: 'Ověřovací aplikace' };
const PHONE = { id: 'f-sms', factor_type: 'phone', friendly_name: '+420 777 123 456' };
const ok = <T,>(data: T) => ({ data, error: null });
const refusal = (code: string, status = 422) => ({
  data: null,
  error: new AuthApiError(code, status, code),
});
const listing = (...all: object[]) => ok({ all });
const verified = { status: 'verified' };
const unverified = { status: 'unverified' };

const button = (name: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name });
const dialog = (name: string) => screen.findByRole('dialog', { name });
const section = () => screen.getByRole('region', { name: 'Zabezpečení' });

async function renderSection(...factors: object[]) {
  client.mfa.listFactors.mockResolvedValue(listing(...factors));
  render(<SecuritySection />);
  await waitFor(() => expect(button('Přidat ověřovací aplikaci')).toBeEnabled());
}

describe('the security section', () => {
  beforeAll(polyfillNativeDialog);
  beforeEach(() => {
    for (const mock of [...Object.values(client.mfa), ...Object.values(toast)]) {
      if (typeof mock === 'function') mock.mockReset();
    }
    client.mfa.webauthn.register.mockReset();
    client.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue(
      ok({ currentLevel: 'aal2', nextLevel: 'aal2' }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the factors with their kind and state, and counts the verified ones', async () => {
    await renderSection({ ...TOTP, ...verified }, { ...PHONE, ...unverified });
    expect(section()).toHaveTextContent('Druhé ověření je zapnuté – máš 1 ověřený způsob.');
    const items = within(screen.getByRole('list', { name: 'Tvoje způsoby ověření' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Ověřovací aplikaceOvěřeno');
    expect(items[1]).toHaveTextContent('+420 777 123 456Telefon (SMS)Neověřeno');
    expect(button('Odebrat +420 777 123 456')).toBeEnabled();
    // jsdom has no WebAuthn: no passkey offered.
    expect(screen.queryByRole('button', { name: 'Přidat přístupový klíč' })).toBeNull();
  });

  it('says when no second factor protects the account', async () => {
    await renderSection();
    expect(section()).toHaveTextContent('Druhé ověření je vypnuté.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('adds an authenticator app: QR code as an image, the secret as text, then the code', async () => {
    await renderSection({ ...TOTP, ...verified });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    client.mfa.enroll.mockResolvedValue(
      ok({ id: 'f-new', totp: { qr_code: `data:image/svg+xml;utf-8,${svg}`, secret: 'ABCDEFGH' } }),
    );
    client.mfa.challengeAndVerify.mockResolvedValue(ok({}));
    fireEvent.click(button('Přidat ověřovací aplikaci'));
    const add = await dialog('Přidat ověřovací aplikaci');
    expect(within(add).getByLabelText('Název')).toHaveValue('Ověřovací aplikace 2');
    fireEvent.click(button('Pokračovat', add));

    const qr = await within(add).findByRole('img', { name: /QR kód pro přidání Parťáka/ });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
    expect(add.querySelector('script')).toBeNull();
    expect(add).toHaveTextContent('ABCD EFGH');
    expect(client.mfa.enroll).toHaveBeenCalledWith({
      factorType: 'totp',
      friendlyName: 'Ověřovací aplikace 2',
      issuer: 'Parťák',
    });

    fireEvent.change(within(add).getByLabelText('Šestimístný kód'), {
      target: { value: '123456' },
    });
    client.mfa.listFactors.mockResolvedValue(
      listing(
        { ...TOTP, ...verified },
        { ...TOTP, id: 'f-new', friendly_name: 'Nový', ...verified },
      ),
    );
    fireEvent.click(button('Potvrdit', add));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Ověřovací aplikace je přidaná',
        expect.any(String),
      ),
    );
    expect(client.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'f-new',
      code: '123456',
    });
    await waitFor(() => expect(section()).toHaveTextContent('máš 2 ověřené způsoby'));
    expect(client.mfa.unenroll).not.toHaveBeenCalled();
  });

  it('removes an app left half-added when its dialog closes', async () => {
    await renderSection();
    client.mfa.enroll.mockResolvedValue(
      ok({ id: 'f-new', totp: { qr_code: '<svg/>', secret: 'A' } }),
    );
    client.mfa.unenroll.mockResolvedValue(ok({ id: 'f-new' }));
    fireEvent.click(button('Přidat ověřovací aplikaci'));
    const add = await dialog('Přidat ověřovací aplikaci');
    fireEvent.click(button('Pokračovat', add));
    await within(add).findByRole('img');
    fireEvent.click(button('Zavřít', add));
    await waitFor(() => expect(client.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f-new' }));
  });

  it('removes a verified factor at aal1 only after another answer', async () => {
    await renderSection({ ...TOTP, ...verified });
    client.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue(
      ok({ currentLevel: 'aal1', nextLevel: 'aal2' }),
    );
    client.mfa.challengeAndVerify.mockResolvedValue(ok({}));
    client.mfa.unenroll.mockResolvedValue(ok({ id: 'f-totp' }));
    fireEvent.click(button('Odebrat Ověřovací aplikace'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Odebrat ověření?' });
    fireEvent.click(button('Odebrat', confirm));

    const stepUp = await dialog('Potvrď, že jsi to ty');
    expect(client.mfa.unenroll).not.toHaveBeenCalled();
    fireEvent.change(await within(stepUp).findByLabelText('Šestimístný kód'), {
      target: { value: '654321' },
    });
    client.mfa.listFactors.mockResolvedValue(listing());
    fireEvent.click(button('Ověřit', stepUp));
    await waitFor(() => expect(client.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f-totp' }));
    expect(toast.success).toHaveBeenCalledWith(
      'Ověření je odebrané',
      'Ověřovací aplikace už k přihlášení nepotřebuješ.',
    );
    await waitFor(() => expect(section()).toHaveTextContent('Druhé ověření je vypnuté.'));
  });

  it('adds a phone: a refused number is explained, then the texted code confirms it', async () => {
    await renderSection();
    client.mfa.enroll.mockResolvedValueOnce(refusal('validation_failed', 400));
    fireEvent.click(button('Přidat telefon'));
    const add = await dialog('Přidat telefon');
    const number = within(add).getByLabelText('Telefonní číslo');
    expect(number).toHaveAttribute('autocomplete', 'tel');
    expect(number).toHaveAccessibleDescription(/I s předvolbou/);
    fireEvent.change(number, { target: { value: '777 123' } });
    fireEvent.click(button('Poslat kód', add));
    await waitFor(() =>
      expect(within(add).getByRole('alert')).toHaveTextContent(/nevypadá platně/),
    );

    client.mfa.enroll.mockResolvedValueOnce(ok({ id: 'f-sms', phone: '+420777123456' }));
    client.mfa.challenge.mockResolvedValue(ok({ id: 'ch-1' }));
    client.mfa.verify.mockResolvedValue(ok({}));
    fireEvent.change(number, { target: { value: ' +420 777 123 456 ' } });
    fireEvent.click(button('Poslat kód', add));
    const code = await within(add).findByLabelText('Kód z SMS');
    expect(add).toHaveTextContent('Kód jsme ti poslali v SMS na číslo +420777123456.');
    expect(client.mfa.enroll).toHaveBeenLastCalledWith({
      factorType: 'phone',
      phone: '+420 777 123 456',
      friendlyName: '+420 777 123 456',
    });
    fireEvent.change(code, { target: { value: '111222' } });
    fireEvent.click(button('Potvrdit', add));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Telefon je přidaný', expect.any(String)),
    );
    expect(client.mfa.verify).toHaveBeenCalledWith({
      factorId: 'f-sms',
      challengeId: 'ch-1',
      code: '111222',
    });
  });

  it('adds a passkey where the browser has them, and explains a cancelled prompt', async () => {
    vi.stubGlobal('PublicKeyCredential', vi.fn());
    await renderSection();
    const cancelled = Object.assign(new Error('Not allowed'), { __isWebAuthnError: true });
    client.mfa.webauthn.register.mockResolvedValueOnce({ data: null, error: cancelled });
    fireEvent.click(button('Přidat přístupový klíč'));
    const add = await dialog('Přidat přístupový klíč');
    fireEvent.click(button('Vytvořit přístupový klíč', add));
    await waitFor(() =>
      expect(within(add).getByRole('alert')).toHaveTextContent(/Přístupový klíč se nepodařilo/),
    );
    expect(client.mfa.webauthn.register).toHaveBeenCalledWith(
      { friendlyName: 'Přístupový klíč' },
      { authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'preferred' } },
    );

    client.mfa.webauthn.register.mockResolvedValueOnce(ok({}));
    fireEvent.click(button('Vytvořit přístupový klíč', add));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Přístupový klíč je přidaný', expect.any(String)),
    );
  });

  it('shows a failed load as the error toast, with a way to try again', async () => {
    client.mfa.listFactors.mockResolvedValueOnce(refusal('bad_jwt', 403));
    render(<SecuritySection />);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Chyba',
        'Přihlášení už není platné. Přihlas se prosím znovu.',
      ),
    );
    client.mfa.listFactors.mockResolvedValue(listing({ ...TOTP, ...verified }));
    fireEvent.click(await screen.findByRole('button', { name: 'Zkusit znovu' }));
    await waitFor(() => expect(section()).toHaveTextContent('máš 1 ověřený způsob'));
  });
});
