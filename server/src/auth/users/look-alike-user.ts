import { randomUUID } from 'node:crypto';

/**
 * What a new, unconfirmed sign-up looks like (GoTrue's sanitizeUser), answered for an address or
 * number that is already taken and confirmed: the answer is the same whether or not the account
 * exists, so sign-up cannot be used to find out who has one. A fresh id every time.
 */
export function lookAlikeUser(
  signup:
    | { provider: 'email'; email: string }
    | { provider: 'phone'; phone: string; data: Record<string, unknown> },
) {
  const now = new Date().toISOString();
  const { provider } = signup;
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email: provider === 'email' ? signup.email : '',
    phone: provider === 'phone' ? signup.phone : '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: provider === 'phone' ? signup.data : {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
