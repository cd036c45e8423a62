import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AuthApiError } from '@supabase/auth-js';
import { polyfillNativeDialog } from '@/testing/native-dialog.ts';
import { NewPasswordDialog } from './new-password-dialog.tsx';

const client = vi.hoisted(() => ({ updateUser: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));

vi.mock('@/lib/auth-client.ts', () => ({ loadAuthClient: async () => client }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

function setPassword(value: string) {
  const input = screen.getByLabelText('Nové heslo');
  expect(input).toHaveAttribute('autocomplete', 'new-password');
  fireEvent.change(input, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Uložit heslo' }));
}

describe('NewPasswordDialog', () => {
  beforeAll(polyfillNativeDialog);
  beforeEach(() => {
    for (const mock of [client.updateUser, ...Object.values(toast)]) mock.mockReset();
  });

  it('saves the new password and closes', async () => {
    client.updateUser.mockResolvedValue({ data: { user: {} }, error: null });
    const onClose = vi.fn();
    render(<NewPasswordDialog open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Nastav si nové heslo' })).toBeInTheDocument();
    setPassword('nove-heslo-123');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.updateUser).toHaveBeenCalledWith({ password: 'nove-heslo-123' });
    expect(toast.success).toHaveBeenCalledWith('Heslo je změněné', expect.any(String));
  });

  it('explains a refused password and stays open', async () => {
    client.updateUser.mockResolvedValue({
      data: { user: null },
      error: new AuthApiError('New password should be different', 422, 'same_password'),
    });
    const onClose = vi.fn();
    render(<NewPasswordDialog open onClose={onClose} />);
    setPassword('stare-heslo');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Chyba',
        'Nové heslo musí být jiné než to současné.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
