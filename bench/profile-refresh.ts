/**
 * The refresh-grant measurement on PGlite alone, for profiling (ADR 013):
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-refresh.ts
 * The first profile written is the server's thread; the others are the load generator's.
 */
import { benchRefreshOnly } from './auth.ts';

await benchRefreshOnly();
