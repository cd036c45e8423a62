/**
 * The flags the server's Node process starts with (`npm start`, the browser tests' server, the
 * server-process tests and benches, `npm run dev`).
 *
 * `--max-semi-space-size=16`: on a machine with plenty of memory V8 lets the young generation grow
 * to 2 × 64 MB and never gives it back; the server filled it while starting (module loading, the
 * migrations) and idled at ~455 MB RSS, 128 MB of it an empty young generation. 16 MB semi-spaces
 * idle at ~330 MB with the same refresh-grant throughput; 8 MB cost a fifth of it (ADR 013).
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
