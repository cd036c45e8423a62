import { hashPassword } from '../src/auth/users/passwords.ts';
import { createEmailUser } from '../src/auth/users/users-repository.ts';
import type { TestApp } from './helpers.ts';

export const CURRENT = { 'x-supabase-api-version': '2024-01-01' };

/** A user who has confirmed their email, straight into the database. */
export async function confirmedUser(t: TestApp, email: string, password: string) {
  return createEmailUser(t.database.db, {
    email,
    passwordHash: await hashPassword(password),
    confirmedAt: new Date(),
  });
}

export interface WireSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: Record<string, unknown>;
}

export function passwordGrant(t: TestApp, apikey: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { apikey, ...CURRENT },
    payload: body as Record<string, unknown>,
  });
}

export function refreshGrant(t: TestApp, apikey: string, refreshToken: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=refresh_token',
    headers: { apikey, ...CURRENT },
    payload: { refresh_token: refreshToken },
  });
}
