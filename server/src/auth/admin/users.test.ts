import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals, identities, sessions } from '../../db/schema/index.ts';
import { adminTestApp, type AdminTestApp } from '../../../test/admin-helpers.ts';
import { passwordGrant, refreshGrant, type WireSession } from '../../../test/auth-helpers.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { expectRefusal, type RefusalCase } from '../../../test/refusals.ts';

interface WireUser {
  id: string;
  email: string;
  phone: string;
  email_confirmed_at?: string;
  banned_until?: string;
  deleted_at?: string;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  identities: { provider: string; identity_data: Record<string, unknown> }[];
}

const PASSWORD = 'dobre-heslo-123';

describe.each(databaseKinds())('the admin users API on $name', ({ open }) => {
  let a: AdminTestApp;
  beforeAll(async () => {
    a = await adminTestApp(open);
  });
  afterAll(() => a.close());

  const create = async (body: Record<string, unknown>) => {
    const res = await a.admin('POST', '/admin/users', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WireUser>();
  };
  const signIn = (email: string, password = PASSWORD) =>
    passwordGrant(a.t, a.anonKey, { email, password });

  describe('POST /admin/users', () => {
    it('makes a confirmed user with metadata who can sign in with the password given', async () => {
      const user = await create({
        email: 'Nova.Admin@Example.cz',
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { name: 'Nová' },
        app_metadata: { plan: 'pro' },
      });
      expect(user).toMatchObject({
        email: 'nova.admin@example.cz',
        phone: '',
        role: 'authenticated',
        aud: 'authenticated',
        user_metadata: { name: 'Nová' },
        app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
        is_anonymous: false,
      });
      expect(user.email_confirmed_at).toEqual(expect.any(String));
      expect(user.identities[0]?.identity_data).toMatchObject({
        email: 'nova.admin@example.cz',
        email_verified: true,
        sub: user.id,
      });
      const session = await signIn('nova.admin@example.cz');
      expect(session.statusCode).toBe(200);
      expect(session.json<WireSession>().user).toMatchObject({ app_metadata: { plan: 'pro' } });
    });

    it('takes a custom id, a phone and a ban; an unconfirmed address cannot sign in yet', async () => {
      const id = randomUUID();
      const before = Date.now();
      const user = await create({
        id: id.toUpperCase(),
        email: 'cekajici@example.cz',
        password: 'x',
        phone: '+420 777 123 456',
        phone_confirm: true,
        ban_duration: '1h30m',
      });
      expect(user).toMatchObject({ id, phone: '420777123456' });
      expect(user.email_confirmed_at).toBeUndefined();
      expect(user.app_metadata).toMatchObject({ providers: ['email', 'phone'] });
      const bannedFor = Date.parse(user.banned_until ?? '') - before;
      expect(bannedFor).toBeGreaterThanOrEqual(90 * 60_000 - 1000);
      expect(bannedFor).toBeLessThan(90 * 60_000 + 5000);
      expect((await signIn('cekajici@example.cz', 'x')).json()).toMatchObject({
        code: 'email_not_confirmed',
      });
    });

    it.each<RefusalCase>([
      [
        { password: 'x' },
        400,
        'validation_failed',
        'Cannot create a user without either an email or phone',
      ],
      [
        { email: 'bez-zavinace' },
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      ],
      // GoTrue's format (checkmail): no colons or semicolons before the @, as the official suite asks.
      [
        { email: 'xx:;x@x.x' },
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      ],
      [
        { email: 'nova.admin@example.cz' },
        422,
        'email_exists',
        'A user with this email address has already been registered',
      ],
      [
        { phone: '+420777123456' },
        422,
        'phone_exists',
        'Phone number already registered by another user',
      ],
      [{ phone: '0123' }, 400, 'validation_failed', 'Invalid phone number format (E.164 required)'],
      [
        { email: 'a@b.cz', id: 'bad_uuid_format' },
        400,
        'validation_failed',
        'ID must conform to the uuid v4 format',
      ],
      [
        { email: 'a@b.cz', id: '00000000-0000-0000-0000-000000000000' },
        400,
        'validation_failed',
        'ID cannot be a nil uuid',
      ],
      [
        { email: 'a@b.cz', ban_duration: 'never' },
        400,
        'validation_failed',
        'invalid format for ban duration: time: invalid duration "never"',
      ],
      [
        { email: 'a@b.cz', ban_duration: '1d' },
        400,
        'validation_failed',
        'invalid format for ban duration: time: unknown unit "d" in duration "1d"',
      ],
      [
        { email: 'a@b.cz', password: 'x', password_hash: '$argon2id$v=19$m=1,t=1,p=1$YQ$YQ' },
        400,
        'validation_failed',
        'Only a password or a password hash should be provided',
      ],
      [
        { email: 'a@b.cz', password: 'p'.repeat(73) },
        400,
        'validation_failed',
        'Password cannot be longer than 72 characters',
      ],
      [
        { email: 123 },
        400,
        'bad_json',
        'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field AdminUserParams.email of type string',
      ],
      [
        { email: 'a@b.cz', email_confirm: 'yes' },
        400,
        'bad_json',
        'Could not parse request body as JSON: json: cannot unmarshal string into Go struct field AdminUserParams.email_confirm of type bool',
      ],
      [
        { email: 'a@b.cz', user_metadata: [1] },
        400,
        'bad_json',
        'Could not parse request body as JSON: json: cannot unmarshal array into Go struct field AdminUserParams.user_metadata of type map[string]interface {}',
      ],
    ])('refuses %j with %i %s', async (...refusal) => {
      const res = await a.admin('POST', '/admin/users', refusal[0]);
      expectRefusal(res, refusal, { exact: true });
    });

    it('refuses a taken id with a 4xx and a body that is no object with bad_json', async () => {
      const { id } = await create({ email: 'puvodni@example.cz' });
      const again = await a.admin('POST', '/admin/users', { email: 'jina@example.cz', id });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({ code: 'user_already_exists' });
      const list = await a.admin('POST', '/admin/users', [1, 2]);
      expect(list.statusCode).toBe(400);
      expect(list.json()).toMatchObject({ code: 'bad_json' });
    });
  });

  describe('GET /admin/users and /admin/users/{id}', () => {
    it('pages through the users newest first, with GoTrue’s Link and X-Total-Count', async () => {
      const total = Number((await a.admin('GET', '/admin/users')).headers['x-total-count']);
      for (const name of ['prvni', 'druhy', 'treti']) await create({ email: `${name}@seznam.cz` });
      const first = await a.admin('GET', '/admin/users?page=1&per_page=2');
      expect(first.statusCode).toBe(200);
      const body = first.json<{ users: WireUser[]; aud: string }>();
      expect(body.aud).toBe('authenticated');
      expect(body.users.map((u) => u.email)).toEqual(['treti@seznam.cz', 'druhy@seznam.cz']);
      expect(first.headers['x-total-count']).toBe(String(total + 3));
      const last = Math.ceil((total + 3) / 2);
      expect(first.headers.link).toBe(
        `</auth/v1/admin/users?page=2&per_page=2>; rel="next", </auth/v1/admin/users?page=${last}&per_page=2>; rel="last"`,
      );
      const second = await a.admin('GET', '/admin/users?page=2&per_page=2');
      expect(second.json<{ users: WireUser[] }>().users[0]?.email).toBe('prvni@seznam.cz');
      const beyond = await a.admin('GET', `/admin/users?page=${last + 1}&per_page=2`);
      expect(beyond.json()).toEqual({ users: [], aud: 'authenticated' });
      expect(beyond.headers.link).toBe(
        `</auth/v1/admin/users?page=${last}&per_page=2>; rel="last"`,
      );
      const filtered = await a.admin('GET', '/admin/users?filter=seznam');
      expect(filtered.json<{ users: WireUser[] }>().users).toHaveLength(3);
    });

    it.each(['page=x', 'per_page=-1', 'page=99999999999999999999'])(
      'refuses %s with GoTrue’s 400',
      async (query) => {
        const res = await a.admin('GET', `/admin/users?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(
          /^Bad Pagination Parameters: strconv\.ParseUint: parsing "[^"]+": (invalid syntax|value out of range)$/,
        );
      },
    );

    it('reads one user; a malformed id and an unknown one are GoTrue’s 404s', async () => {
      const { id } = await create({ email: 'jeden@example.cz' });
      const one = await a.admin('GET', `/admin/users/${id}`);
      expect(one.json()).toMatchObject({ id, email: 'jeden@example.cz' });
      const malformed = await a.admin('GET', '/admin/users/abc');
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toMatchObject({
        code: 'validation_failed',
        message: 'user_id must be an UUID',
      });
      const unknown = await a.admin('GET', `/admin/users/${randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'user_not_found', message: 'User not found' });
    });
  });

  describe('PUT /admin/users/{id}', () => {
    it('merges metadata, moves the address, bans and lifts the ban', async () => {
      const user = await create({
        email: 'meneny@example.cz',
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { name: 'Jan', city: 'Brno' },
      });
      const res = await a.admin('PUT', `/admin/users/${user.id}`, {
        email: 'Preneseny@Example.cz',
        user_metadata: { city: null, age: 30 },
        app_metadata: { role: 'mentor' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: 'preneseny@example.cz',
        user_metadata: { name: 'Jan', age: 30 },
        app_metadata: { role: 'mentor' },
      });
      expect(res.json<WireUser>().user_metadata).not.toHaveProperty('city');
      expect(res.json<WireUser>().identities[0]?.identity_data).toMatchObject({
        email: 'preneseny@example.cz',
      });
      expect((await signIn('preneseny@example.cz')).statusCode).toBe(200);

      const banned = await a.admin('PUT', `/admin/users/${user.id}`, { ban_duration: '24h' });
      expect(banned.json<WireUser>().banned_until).toEqual(expect.any(String));
      expect((await signIn('preneseny@example.cz')).json()).toMatchObject({ code: 'user_banned' });
      const lifted = await a.admin('PUT', `/admin/users/${user.id}`, { ban_duration: 'none' });
      expect(lifted.json<WireUser>().banned_until).toBeUndefined();
      expect((await signIn('preneseny@example.cz')).statusCode).toBe(200);
    });

    it('sets a new password, ending every session; confirms an address', async () => {
      const user = await create({ email: 'heslo@example.cz', password: PASSWORD });
      expect((await signIn('heslo@example.cz')).json()).toMatchObject({
        code: 'email_not_confirmed',
      });
      await a.admin('PUT', `/admin/users/${user.id}`, { email_confirm: true });
      const session = (await signIn('heslo@example.cz')).json<WireSession>();
      const changed = await a.admin('PUT', `/admin/users/${user.id}`, {
        password: 'nove-heslo-456',
      });
      expect(changed.statusCode).toBe(200);
      expect((await refreshGrant(a.t, a.anonKey, session.refresh_token)).statusCode).toBe(400);
      const rows = await a.t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      expect(rows).toEqual([]);
      expect((await signIn('heslo@example.cz', 'nove-heslo-456')).statusCode).toBe(200);
    });

    it.each<RefusalCase>([
      [{ password: '' }, 422, 'weak_password', 'Password should be at least 8 characters.'],
      [{ password: 'kratke' }, 422, 'weak_password', 'Password should be at least 8 characters.'],
      [
        { ban_duration: '24' },
        400,
        'validation_failed',
        'invalid format for ban duration: time: missing unit in duration "24"',
      ],
      [
        { email: 'nova.admin@example.cz' },
        422,
        'email_exists',
        'A user with this email address has already been registered',
      ],
      [
        { email: 'spatny' },
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      ],
      [
        { app_metadata: 'text' },
        400,
        'bad_json',
        'Could not parse request body as JSON: json: cannot unmarshal string into Go struct field AdminUserParams.app_metadata of type map[string]interface {}',
      ],
    ])('refuses %j with %i %s', async (...refusal) => {
      const { id } = await create({ email: `odmitnuty-${randomUUID()}@example.cz` });
      expectRefusal(await a.admin('PUT', `/admin/users/${id}`, refusal[0]), refusal);
    });

    it('answers GoTrue’s 404s for a malformed and an unknown id', async () => {
      expect((await a.admin('PUT', '/admin/users/123', {})).json()).toMatchObject({
        code: 'validation_failed',
      });
      expect((await a.admin('PUT', `/admin/users/${randomUUID()}`, {})).statusCode).toBe(404);
    });
  });

  describe('DELETE /admin/users/{id}', () => {
    const withGoal = async (email: string) => {
      const user = await create({ email, password: PASSWORD, email_confirm: true });
      await a.t.database.db.insert(goals).values({
        userId: user.id,
        id: randomUUID(),
        title: 'Otevřít kavárnu',
        milestones: 3,
        completedMilestones: 0,
      });
      const session = (await signIn(email)).json<WireSession>();
      return { user, session };
    };
    const goalsOf = (userId: string) =>
      a.t.database.db.select().from(goals).where(eq(goals.userId, userId));

    it('erases the user with every row of theirs and every session', async () => {
      const { user, session } = await withGoal('smazat@example.cz');
      const res = await a.admin('DELETE', `/admin/users/${user.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      expect((await a.admin('GET', `/admin/users/${user.id}`)).statusCode).toBe(404);
      expect(await goalsOf(user.id)).toEqual([]);
      expect((await refreshGrant(a.t, a.anonKey, session.refresh_token)).statusCode).toBe(400);
      expect((await signIn('smazat@example.cz')).json()).toMatchObject({
        code: 'invalid_credentials',
      });
    });

    it('soft-deletes as GoTrue: the row and app data stay, nothing of it can sign in', async () => {
      const { user, session } = await withGoal('mekce@example.cz');
      const res = await a.admin('DELETE', `/admin/users/${user.id}`, { should_soft_delete: true });
      expect(res.json()).toEqual({});
      const kept = (await a.admin('GET', `/admin/users/${user.id}`)).json<WireUser>();
      expect(kept.deleted_at).toEqual(expect.any(String));
      expect(kept.email).not.toContain('mekce');
      expect(kept.user_metadata).toEqual({});
      const linked = await a.t.database.db
        .select()
        .from(identities)
        .where(eq(identities.userId, user.id));
      expect(linked.map((i) => [i.identityData, i.email, i.providerId === user.id])).toEqual([
        [{}, null, false],
      ]);
      expect(await goalsOf(user.id)).toHaveLength(1);
      expect((await refreshGrant(a.t, a.anonKey, session.refresh_token)).statusCode).toBe(400);
      expect((await signIn('mekce@example.cz')).json()).toMatchObject({
        code: 'invalid_credentials',
      });
      // Again: nothing more to do. A hard delete still can.
      const again = await a.admin('DELETE', `/admin/users/${user.id}`, {
        should_soft_delete: true,
      });
      expect(again.statusCode).toBe(200);
      expect((await a.admin('GET', `/admin/users/${user.id}`)).json<WireUser>().email).toBe(
        kept.email,
      );
      await a.admin('DELETE', `/admin/users/${user.id}`, { should_soft_delete: false });
      expect(await goalsOf(user.id)).toEqual([]);
    });

    it('refuses a malformed id, an unknown user and a wrongly typed flag', async () => {
      expect((await a.admin('DELETE', '/admin/users/x')).statusCode).toBe(404);
      const unknown = await a.admin('DELETE', `/admin/users/${randomUUID()}`);
      expect(unknown.json()).toMatchObject({ code: 'user_not_found' });
      const { id } = await create({ email: 'typ@example.cz' });
      const typed = await a.admin('DELETE', `/admin/users/${id}`, { should_soft_delete: 'yes' });
      expect(typed.statusCode).toBe(400);
      expect(typed.json()).toMatchObject({ code: 'bad_json' });
      expect((await a.admin('GET', `/admin/users/${id}`)).statusCode).toBe(200);
    });
  });
});
