import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Imports flow one way inside the web app too: no module reaches itself again through what it
 * imports. Every import counts — a value, a type, an `export … from` and a lazy `import()` — since
 * each is a dependency someone has to understand (and a lazy one still runs the module's code).
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module of web/src, with the modules of web/src it imports (`@/` is web/src). */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((match) => match[1] ?? match[2] ?? '')
        .map((specifier) => {
          if (specifier.startsWith('@/')) return join(SRC, specifier.slice(2));
          return specifier.startsWith('.') ? resolve(dirname(file), specifier) : '';
        })
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The import cycles of `graph`, each as the path that closes it (one per module it starts at). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string): void => {
    const at = path.indexOf(module);
    if (at >= 0) {
      cycles.push([...path.slice(at), module]);
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    for (const next of graph.get(module) ?? []) visit(next);
    path.pop();
    done.add(module);
  };
  for (const module of graph.keys()) visit(module);
  return cycles;
}

const named = (cycle: string[]) => cycle.map((file) => relative(SRC, file)).join(' → ');

describe('imports in web/src', () => {
  const graph = importGraph();

  it('reads the imports it checks (the app, the stores and their lazy sync)', () => {
    const importsOf = (file: string) =>
      (graph.get(join(SRC, file)) ?? []).map((target) => relative(SRC, target));
    expect(graph.size).toBeGreaterThan(100);
    expect(importsOf('lib/data/account-data.ts')).toContain('lib/data/sync/account-sync.ts');
    expect(importsOf('main.tsx')).toContain('i18n/i18n.ts');
  });

  it('finds a cycle when there is one', () => {
    const cyclic = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(cyclic)).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycles(graph).map(named)).toEqual([]);
  });

  it('keeps i18n below the data and the offline app: it imports neither', () => {
    const upward = [...graph]
      .filter(([file]) => relative(SRC, file).startsWith('i18n/'))
      .flatMap(([file, targets]) => targets.map((target) => [file, target]))
      .filter(([, target]) => /^lib\/(data|offline)\//.test(relative(SRC, target ?? '')))
      .map(([file, target]) => `${relative(SRC, file ?? '')} → ${relative(SRC, target ?? '')}`);
    expect(upward).toEqual([]);
  });
});
