/**
 * `vitest run`, and once more for a test file whose worker process crashed (a V8 fatal error,
 * ADR 018) when that is all that went wrong. The rerun must pass on its own; a failing test, an
 * unhandled error or any other kind of exit fails the run as it is.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { crashVerdict } from './worker-crashes.ts';

const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

function vitest(files: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST, 'run', ...files], {
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (into: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      into.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const first = await vitest(process.argv.slice(2));
if (first.code === 0) process.exit(0);
const verdict = crashVerdict(first.output);
if (verdict.rerun.length === 0) process.exit(first.code);
console.error(
  `\nThe worker running ${verdict.rerun.join(', ')} crashed on a fatal signal; every other test ` +
    'passed. Running that file again (ADR 018).\n',
);
process.exit((await vitest(verdict.rerun)).code);
