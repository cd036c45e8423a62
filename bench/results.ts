/**
 * bench/RESULTS.md: the last figures of each benchmark that records them. Each benchmark owns one
 * section, between `<!-- section: id -->` and `<!-- end of section: id -->`, and rewrites only that
 * one, so sections measured on different days (or machines) keep their own date and setup.
 * The file is formatted with the repository's Prettier settings, so `npm run lint` stays clean.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { join, relative } from 'node:path';
import { format, resolveConfig } from 'prettier';

const FILE = join(import.meta.dirname, 'RESULTS.md');
const REPO = join(import.meta.dirname, '..');
const HEADER = `# Benchmark results

The latest figures of \`npm run bench\` against the
[quality budgets](../docs/architecture.md#quality-budgets). Each section is rewritten when its
benchmark runs and says when, where and how it was measured; the others stay as they were.
`;

/** How this process was started, e.g. "npm run bench" or "node bench/lighthouse.ts". */
function command(): string {
  const script = process.env.npm_lifecycle_event;
  // `npx node bench/x.ts` runs as npm's "npx" event: the file is the command then.
  if (script && script !== 'npx') return `npm run ${script}`;
  const file = process.argv[1] ? relative(REPO, process.argv[1]) : '';
  return ['node', file, ...process.argv.slice(2)].join(' ').trim();
}

/** Markdown lines describing when, on what and with what command a section was measured. */
export function measuredWith(extra: string[] = []): string {
  const processors = cpus();
  const memoryGb = (totalmem() / 1024 ** 3).toFixed(1);
  return [
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- Machine: ${processors.length} cores (${processors[0]?.model.trim() ?? 'unknown'}), ` +
      `${memoryGb} GB memory, ${type()} ${release()}`,
    // Other work on a shared machine shows in timing figures; the 5- and 15-minute averages
    // cover most benchmarks' whole run.
    `- Load average (1, 5, 15 min) when written: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
    `- Node ${process.version}`,
    ...extra.map((line) => `- ${line}`),
    `- Command: \`${command()}\``,
  ].join('\n');
}

/** Replaces (or appends) section `id` of bench/RESULTS.md with `markdown`. */
export async function writeResults(id: string, markdown: string): Promise<void> {
  let text = HEADER;
  try {
    text = await readFile(FILE, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const start = `<!-- section: ${id} -->`;
  const end = `<!-- end of section: ${id} -->`;
  const block = `${start}\n\n${markdown.trim()}\n\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  const options = await resolveConfig(FILE);
  await writeFile(FILE, await format(text, { ...options, filepath: FILE }));
}
