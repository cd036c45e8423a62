import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { GoalRecordSchema, type GoalRecord } from '@partak/domain/api/goals';
import { newId } from '@partak/domain/ids';
import { hashPassword } from '../src/auth/users/passwords.ts';
import { createEmailUser } from '../src/auth/users/users-repository.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { identities, oneTimeTokens, users } from '../src/db/schema/index.ts';
import { startPostgres, type PostgresServer } from './postgres-cluster.ts';
import { startServer, type RunningServer } from './server-process.ts';

/**
 * The server killed with SIGKILL in the middle of a stream of writes (a fault test): no
 * shutdown hook runs, nothing is flushed on the way out. Started again on the same data, it must
 * have every write it acknowledged, whole, and nothing half-written. PGlite here is the real
 * thing, files in a data dir; PostgreSQL a cluster of this file's own (skipped without root).
 */
const cluster: PostgresServer | undefined =
  process.getuid?.() === 0 && !process.env.TEST_DATABASE_URL
    ? await startPostgres().catch(() => undefined)
    : undefined;

const PASSWORD = 'dobre-heslo-123';
const OWNER = 'vlastnik@example.cz';
/** The same address across both starts (tokens name it as their issuer); limits out of reach. */
const ENV = {
  SITE_URL: 'http://localhost:8080',
  RATE_LIMIT_OTP: '1000000',
  RATE_LIMIT_EMAIL_SENT: '1000000',
  RATE_LIMIT_DATA: '1000000',
  RATE_LIMIT_TOKEN: '1000000',
};

interface Store {
  env: Record<string, string>;
  dataDir: string;
  open(): Promise<Database>;
}

const folders: string[] = [];
afterAll(async () => {
  await cluster?.stop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function pgliteStore(): Promise<Store> {
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-crash-'));
  folders.push(dataDir);
  return { env: {}, dataDir, open: () => openDatabase({ dataDir }) };
}

async function postgresStore(): Promise<Store> {
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-crash-'));
  folders.push(dataDir);
  const url = cluster?.url ?? '';
  return { env: { DATABASE_URL: url }, dataDir, open: () => openDatabase({ url, dataDir }) };
}

const json = { 'content-type': 'application/json' };

interface Acknowledged {
  signups: Map<string, { id: string; n: number }>;
  /** Each goal's last acknowledged state, and the change in flight when the server died. */
  goals: Map<string, { acked: GoalRecord; inFlight?: string }>;
}

/** Writes until the server stops answering: sign-ups, and goals made and changed. */
async function writeUntilKilled(server: RunningServer, apikey: string, token: string) {
  const done: Acknowledged = { signups: new Map(), goals: new Map() };
  const signups = async () => {
    for (let n = 0; ; n++) {
      const email = `novy-${newId().slice(0, 8)}@example.cz`;
      const res = await fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey, ...json },
        body: JSON.stringify({ email, password: PASSWORD, data: { n } }),
      });
      if (res.status !== 200) throw new Error(`signup answered ${res.status}`);
      done.signups.set(email, { id: ((await res.json()) as { id: string }).id, n });
    }
  };
  const goals = async () => {
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...json },
        body: JSON.stringify(body),
      });
    for (;;) {
      const id = newId();
      const made = await call('POST', '/goals', { id, title: 'Cíl 0', milestones: 5 });
      if (made.status !== 201) throw new Error(`create answered ${made.status}`);
      const record = { acked: GoalRecordSchema.parse(await made.json()) } as {
        acked: GoalRecord;
        inFlight?: string;
      };
      done.goals.set(id, record);
      for (let version = 1; version <= 3; version++) {
        record.inFlight = `Cíl ${version}`;
        const changed = await call('PATCH', `/goals/${id}`, {
          version,
          title: record.inFlight,
          stepDelta: 1,
        });
        if (changed.status !== 200) throw new Error(`change answered ${changed.status}`);
        record.acked = GoalRecordSchema.parse(await changed.json());
        delete record.inFlight;
      }
    }
  };
  // Each writer ends with the first request the killed server cannot answer.
  const writers = [signups, signups, signups, goals, goals, goals, goals].map((write) =>
    write().catch((error: unknown) => error),
  );
  return { done, writers };
}

async function signIn(server: RunningServer, apikey: string): Promise<string> {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey, ...json },
    body: JSON.stringify({ email: OWNER, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe.each([
  { name: 'PGlite', store: pgliteStore, skip: false },
  { name: 'PostgreSQL', store: postgresStore, skip: !cluster },
])('SIGKILL mid-write on $name', ({ store: makeStore, skip }) => {
  it.skipIf(skip)(
    'keeps every acknowledged write, whole, and nothing half-written',
    async () => {
      const store = await makeStore();
      const setup = await store.open();
      await createEmailUser(setup.db, {
        email: OWNER,
        passwordHash: await hashPassword(PASSWORD),
        confirmedAt: new Date(),
      });
      await setup.close();

      const env = { ...ENV, ...store.env };
      const first = await startServer(env, { dataDir: store.dataDir });
      const apikey = (
        (await (await fetch(`${first.url}/api/v1/config`)).json()) as {
          anonKey: string;
        }
      ).anonKey;
      const token = await signIn(first, apikey);
      const { done, writers } = await writeUntilKilled(first, apikey, token);
      await expect
        .poll(() => done.signups.size >= 10 && done.goals.size >= 10, { timeout: 30_000 })
        .toBe(true);
      if (!first.pid) throw new Error('the server has no pid');
      process.kill(first.pid, 'SIGKILL');
      expect(await first.exited).toBeNull();
      await Promise.all(writers);

      const second = await startServer(env, { dataDir: store.dataDir });
      try {
        // The session and the goals survived: the token from before the crash still works.
        const list = await fetch(`${second.url}/api/v1/goals`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(list.status).toBe(200);
        const items = ((await list.json()) as { items: unknown[] }).items.map((item) =>
          GoalRecordSchema.parse(item),
        );
        const kept = new Map(items.map((goal) => [goal.id, goal]));
        for (const [id, { acked, inFlight }] of done.goals) {
          const goal = kept.get(id);
          if (!goal) throw new Error(`acknowledged goal ${id} is gone`);
          // The last acknowledged change, or the one in flight, never something in between:
          // change k set the title `Cíl k`, the version k + 1 and k steps done, in one statement.
          expect([acked.title, ...(inFlight ? [inFlight] : [])], id).toContain(goal.title);
          const k = Number(goal.title.slice(-1));
          expect([goal.version, goal.completedMilestones], id).toEqual([k + 1, k]);
        }
        // Signing in works as before.
        await signIn(second, apikey);
      } finally {
        await second.stop();
      }

      const database = await store.open();
      try {
        const accounts = await database.db
          .select({ id: users.id, email: users.email, data: users.userMetadata })
          .from(users);
        const byEmail = new Map(accounts.map((account) => [account.email, account]));
        for (const [email, { id, n }] of done.signups) {
          expect(byEmail.get(email), email).toEqual({ id, email, data: { n } });
          const links = await database.db
            .select()
            .from(oneTimeTokens)
            .where(eq(oneTimeTokens.userId, id));
          expect(links.map((link) => link.tokenType)).toEqual(['confirmation']);
        }
        // Every account, acknowledged or not, has its identity: none was left half-made.
        const owned = await database.db.select({ userId: identities.userId }).from(identities);
        expect(owned.map((row) => row.userId).sort()).toEqual(
          accounts.map((account) => account.id).sort(),
        );
      } finally {
        await database.close();
      }
    },
    120_000,
  );
});
