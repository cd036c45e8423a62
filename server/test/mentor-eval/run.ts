/**
 * `npm run eval:mentor`: the library mentor against the labelled set, per language; `--failures`
 * also prints every miss with the reply's first paragraph, for reading.
 */
import { createMentor } from '../../src/mentor/index.ts';
import { evaluate, readEvalSets, report } from './evaluate.ts';

const mentor = await createMentor(
  { model: undefined },
  { info: () => undefined, warn: () => undefined },
);
const started = performance.now();
const result = await evaluate(mentor, await readEvalSets());
console.log(report(result));
console.log(
  `\n${result.failures.length} misses, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (process.argv.includes('--failures')) {
  for (const failure of result.failures) {
    console.log(
      `\n[${failure.set} ${failure.language}] ${failure.message}\n  → ${failure.reply.slice(0, 300)}`,
    );
  }
}
