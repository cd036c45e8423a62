import pg from 'pg';
import { startPostgres } from '../server/test/postgres-cluster.ts';

/**
 * A fresh database on BENCH_DATABASE_URL's server, or on a throwaway local cluster made the way
 * the tests make one (fsync off); undefined when there is neither.
 */
export async function postgresForBench(): Promise<
  { url: string; stop(): Promise<void> } | undefined
> {
  const server = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL, stop: async () => undefined }
    : await startPostgres().catch(() => undefined);
  if (!server) return undefined;
  const name = `partak_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      const cleanup = new pg.Client({ connectionString: server.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await server.stop();
    },
  };
}
