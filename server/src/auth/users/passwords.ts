import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MAX_LENGTH = 72;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Checked against when the account does not exist, so a wrong email costs as much time as a
// wrong password and the response time does not reveal which accounts exist.
const decoy = hash('decoy password that nobody has', OPTIONS);

/** True when `password` matches `stored`; with no stored hash it still spends the same time. */
export async function checkPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!stored) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
