import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AuthApiError } from '@supabase/auth-js';
import { polyfillNativeDialog } from '@/testing/native-dialog.ts';
import { AuthDialog } from './auth-dialog.tsx';

const client = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  resetPasswordForEmail: vi.fn(),
  signInWithOAuth: vi.fn(),
  signInWithOtp: vi.fn(),
  verifyOtp: vi.fn(),
  signInWithPasskey: vi.fn(),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));

vi.mock('@/lib/auth-client.ts', () => ({ loadAuthClient: async () => client }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

const field = (name: string) => screen.getByLabelText(name);
const button = (name: string) => screen.getByRole('button', { name });
const fill = (email: string, password = '') => {
  fireEvent.change(field('E-mail'), { target: { value: email } });
  fireEvent.change(field('Heslo'), { target: { value: password } });
};

function renderDialog() {
  const onClose = vi.fn();
  render(<AuthDialog open onClose={onClose} />);
  return onClose;
}

describe('AuthDialog', () => {
  beforeAll(polyfillNativeDialog);
  beforeEach(() => {
    for (const mock of [...Object.values(client), ...Object.values(toast)]) mock.mockReset();
  });

  it('offers Google, Apple, or email and password with the right autocomplete', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Přihlášení' })).toBeInTheDocument();
    expect(button('Pokračovat přes Google')).toBeEnabled();
    expect(button('Pokračovat přes Apple')).toBeEnabled();
    expect(screen.getByText('nebo')).toBeInTheDocument();
    expect(field('E-mail')).toHaveAttribute('autocomplete', 'email');
    expect(field('Heslo')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByText(/souhlasíš s podmínkami používání/)).toBeInTheDocument();

    fireEvent.click(button('Nemáš účet? Zaregistruj se'));
    expect(screen.getByRole('dialog', { name: 'Registrace' })).toBeInTheDocument();
    expect(field('Heslo')).toHaveAttribute('autocomplete', 'new-password');
    expect(button('Zaregistrovat se')).toBeInTheDocument();
    expect(button('Už máš účet? Přihlas se')).toBeInTheDocument();
  });

  it('asks for the email before sending a reset link', async () => {
    renderDialog();
    fireEvent.click(button('Zapomenuté heslo?'));
    expect(toast.error).toHaveBeenCalledWith('Chyba', 'E-mail je povinný');
    expect(screen.getByRole('alert')).toHaveTextContent('E-mail je povinný');
    expect(field('E-mail')).toHaveFocus();
    expect(client.resetPasswordForEmail).not.toHaveBeenCalled();

    client.resetPasswordForEmail.mockResolvedValue({ data: {}, error: null });
    fill(' jana@example.cz ');
    fireEvent.click(button('Zapomenuté heslo?'));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Zkontroluj svou e-mailovou schránku',
        expect.any(String),
      ),
    );
    expect(client.resetPasswordForEmail).toHaveBeenCalledWith('jana@example.cz', {
      redirectTo: window.location.origin,
    });
  });

  it('mails a sign-in link and signs in with the code from it, or goes back', async () => {
    const onClose = renderDialog();
    fireEvent.click(button('Poslat odkaz pro přihlášení'));
    expect(screen.getByRole('alert')).toHaveTextContent('E-mail je povinný');
    expect(client.signInWithOtp).not.toHaveBeenCalled();

    client.signInWithOtp.mockResolvedValue({ data: {}, error: null });
    fill(' jana@example.cz ');
    fireEvent.click(button('Poslat odkaz pro přihlášení'));
    await screen.findByText(/Poslali jsme ti na jana@example.cz odkaz pro přihlášení/);
    expect(client.signInWithOtp).toHaveBeenCalledWith({
      email: 'jana@example.cz',
      options: { emailRedirectTo: window.location.origin, shouldCreateUser: true },
    });

    fireEvent.click(button('Přihlásit se'));
    expect(screen.getByRole('alert')).toHaveTextContent('Zadej šestimístný kód.');
    client.verifyOtp.mockResolvedValueOnce({
      data: { session: null },
      error: new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'),
    });
    fireEvent.change(field('Kód z e-mailu'), { target: { value: '123 456' } });
    fireEvent.click(button('Přihlásit se'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/Odkaz nebo kód z e-mailu už neplatí/),
    );
    expect(onClose).not.toHaveBeenCalled();

    client.verifyOtp.mockResolvedValueOnce({ data: { session: null }, error: null });
    fireEvent.click(button('Přihlásit se'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.verifyOtp).toHaveBeenLastCalledWith({
      email: 'jana@example.cz',
      token: '123456',
      type: 'email',
    });
    expect(toast.success).toHaveBeenCalledWith('Přihlášení proběhlo úspěšně', 'Vítej zpět!');
  });

  it('offers a passkey only where the browser has them, and signs in with one', async () => {
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Přihlásit se přístupovým klíčem' })).toBeNull();
    cleanup();

    // Only its presence is looked at.
    vi.stubGlobal('PublicKeyCredential', Object);
    client.signInWithPasskey.mockResolvedValue({ data: { session: null }, error: null });
    const onClose = renderDialog();
    fireEvent.click(button('Přihlásit se přístupovým klíčem'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.signInWithPasskey).toHaveBeenCalledWith();
    vi.unstubAllGlobals();
  });

  it('goes back from the code to the form, and sends a new link on request', async () => {
    client.signInWithOtp.mockResolvedValue({ data: {}, error: null });
    renderDialog();
    fill('jana@example.cz');
    fireEvent.click(button('Poslat odkaz pro přihlášení'));
    fireEvent.click(await screen.findByRole('button', { name: 'Poslat nový odkaz' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Nový odkaz a kód jsou na cestě na jana@example.cz.',
      ),
    );
    expect(client.signInWithOtp).toHaveBeenCalledTimes(2);
    fireEvent.click(button('Zpět'));
    expect(field('Heslo')).toBeInTheDocument();
  });

  it('disables every button while signing in, then closes', async () => {
    let finish: (value: unknown) => void = () => undefined;
    client.signInWithPassword.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const onClose = renderDialog();
    fill('jana@example.cz', 'tajne-heslo');
    fireEvent.click(button('Přihlásit se'));
    await waitFor(() => expect(button('Přihlásit se')).toBeDisabled());
    for (const name of ['Pokračovat přes Google', 'Pokračovat přes Apple', 'Zapomenuté heslo?']) {
      expect(button(name)).toBeDisabled();
    }
    expect(button('Nemáš účet? Zaregistruj se')).toBeDisabled();
    expect(client.signInWithPassword).toHaveBeenCalledWith({
      email: 'jana@example.cz',
      password: 'tajne-heslo',
    });

    finish({ data: { session: {}, user: {} }, error: null });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith('Přihlášení proběhlo úspěšně', 'Vítej zpět!');
  });

  it('shows a failed sign-in as a translated error and stays open', async () => {
    client.signInWithPassword.mockResolvedValue({
      data: { session: null, user: null },
      error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
    });
    const onClose = renderDialog();
    fill('jana@example.cz', 'spatne-heslo');
    fireEvent.click(button('Přihlásit se'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Chyba', 'Nesprávný e-mail nebo heslo.'),
    );
    // The toast sits behind the modal, inert: the dialog says it too.
    expect(screen.getByRole('alert')).toHaveTextContent('Nesprávný e-mail nebo heslo.');
    expect(onClose).not.toHaveBeenCalled();
    expect(button('Přihlásit se')).toBeEnabled();
  });

  it('signs up with a link back to this site and asks to check the mailbox', async () => {
    client.signUp.mockResolvedValue({ data: { session: null, user: { id: 'u' } }, error: null });
    const onClose = renderDialog();
    fireEvent.click(button('Nemáš účet? Zaregistruj se'));
    fill('novak@example.cz', 'dlouhe-heslo');
    fireEvent.click(button('Zaregistrovat se'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.signUp).toHaveBeenCalledWith({
      email: 'novak@example.cz',
      password: 'dlouhe-heslo',
      options: { emailRedirectTo: window.location.origin },
    });
    expect(toast.success).toHaveBeenCalledWith('Zkontroluj svůj e-mail', expect.any(String));
  });
});
