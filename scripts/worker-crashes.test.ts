import { describe, expect, it } from 'vitest';
import { crashVerdict } from './worker-crashes.ts';

/** The end of a run in which one worker died, as vitest prints it (colours included). */
function runOutput({
  signal = 'SIGTRAP',
  files = '/repo/server/src/auth/routes/resend.test.ts',
  testFiles = '\u001b[32m152 passed\u001b[39m (153)',
  tests = '\u001b[32m1688 passed\u001b[39m | \u001b[33m1 skipped\u001b[39m (1701)',
  errors = '1 error',
} = {}): string {
  return [
    ' ✓  web  src/lib/api-client.test.ts (4 tests) 18ms',
    '⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯',
    'Error: [vitest-pool]: Worker forks emitted error.',
    ` \u001b[31mCaused by: Error\u001b[22m: Worker exited unexpectedly with signal ${signal} during started state while running test file ${files}\u001b[39m`,
    '',
    ` Test Files  ${testFiles}`,
    `      Tests  ${tests}`,
    `     Errors  \u001b[31m${errors}\u001b[39m`,
  ].join('\n');
}

describe('a unit run whose worker crashed', () => {
  it('runs the crashed file again when the crash is all that went wrong', () => {
    expect(crashVerdict(runOutput())).toEqual({
      rerun: ['/repo/server/src/auth/routes/resend.test.ts'],
    });
    expect(crashVerdict(runOutput({ signal: 'SIGSEGV', files: '/a.test.ts, /b.test.ts' }))).toEqual(
      { rerun: ['/a.test.ts', '/b.test.ts'] },
    );
  });

  it('runs nothing again when a test failed, another error came, or the worker was stopped', () => {
    const failedTest = runOutput({ tests: '1 failed | 1687 passed (1701)' });
    expect(crashVerdict(failedTest)).toMatchObject({
      rerun: [],
      reason: 'Tests failed besides the crash',
    });
    const failedFile = runOutput({ testFiles: '1 failed | 151 passed (153)' });
    expect(crashVerdict(failedFile).rerun).toEqual([]);
    expect(crashVerdict(runOutput({ errors: '2 errors' })).rerun).toEqual([]);
    // A worker killed from outside (a timeout, the OOM killer) is not V8 aborting.
    expect(crashVerdict(runOutput({ signal: 'SIGKILL' }))).toMatchObject({ rerun: [] });
    expect(crashVerdict(' Test Files  1 failed (1)\n      Tests  1 failed (1)')).toEqual({
      rerun: [],
      reason: 'no worker crashed',
    });
  });
});
