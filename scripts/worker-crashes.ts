/**
 * Reads a finished `vitest run`'s output for test files whose worker process was killed by a
 * fatal signal — V8 aborting on an internal check (SIGTRAP), or a segfault — rather than failing
 * a test. Node 24 can abort this way while PGlite's WebAssembly starts (nodejs/node#64500,
 * ADR 018); the file's own tests never got their say.
 */

/** The signals of a process that crashed; a test that fails or exits ends otherwise. */
const CRASH_SIGNALS = ['SIGTRAP', 'SIGSEGV', 'SIGILL', 'SIGBUS'];

const CRASH =
  /Worker exited unexpectedly with (?:exit code \S+ )?signal (SIG[A-Z]+) during \S+ state while running test files? (.+)$/;

export interface RunVerdict {
  /** The files to run again: set only when crashes are the run's only problem. */
  rerun: string[];
  /** Why the run's failure is not (only) crashes, when it is not. */
  reason?: string;
}

/** The files whose worker crashed, when nothing else went wrong in the run. */
export function crashVerdict(output: string): RunVerdict {
  // eslint-disable-next-line no-control-regex -- the run's colours are ANSI escapes
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const files = new Set<string>();
  let crashes = 0;
  for (const line of lines) {
    const [, signal = '', crashed = ''] = CRASH.exec(line) ?? [];
    if (!signal) continue;
    crashes++;
    if (!CRASH_SIGNALS.includes(signal)) return { rerun: [], reason: `a worker got ${signal}` };
    for (const file of crashed.split(', ')) files.add(file.trim());
  }
  if (files.size === 0) return { rerun: [], reason: 'no worker crashed' };
  const summary = (label: string) => lines.findLast((line) => line.trimStart().startsWith(label));
  const failed = ['Test Files', 'Tests'].find((label) => summary(label)?.includes('failed'));
  if (failed) return { rerun: [], reason: `${failed} failed besides the crash` };
  const errors = /Errors\s+(\d+) errors?/.exec(summary('Errors') ?? '');
  if (Number(errors?.[1] ?? 0) !== crashes) {
    return { rerun: [], reason: 'the run had errors other than the crash' };
  }
  return { rerun: [...files] };
}
