import { startServer, type RunningServer } from '../server/test/server-process.ts';

export type OwnServer = RunningServer;

/**
 * A server of the test's own, on the same build as the main one but with its own settings (a
 * mentor model at a local peer, say) and its own data, for journeys the shared server cannot take.
 */
export const startOwnServer = (env: Record<string, string> = {}): Promise<OwnServer> =>
  startServer(env, { output: 'inherit' });
