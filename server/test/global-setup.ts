import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server for this test run, or '' when there is none. */
    postgresUrl: string;
  }
}

/** One PostgreSQL server for the whole run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresUrl', server?.url ?? '');
  return () => server?.stop();
}
