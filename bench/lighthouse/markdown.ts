/** The page-speed section of bench/RESULTS.md. */
import { BASELINE, budgetLine, COLUMNS, ratio, type Budget, type Measured } from './figures.ts';

function table(baseline: Measured, pages: Measured[]): string {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const cell = (page: Measured, c: (typeof COLUMNS)[number]) => {
    const value = c.value(page.figures);
    if (page === baseline) return c.format(value);
    return `${c.format(value)} (${ratio(value, c.value(baseline.figures))})`;
  };
  return [
    row(['Page', ...COLUMNS.map((c) => c.title)]),
    row(['---', ...COLUMNS.map(() => '---:')]),
    ...[baseline, ...pages].map((page) =>
      row([
        page === baseline ? BASELINE : `\`${page.page}\``,
        ...COLUMNS.map((c) => cell(page, c)),
      ]),
    ),
  ].join('\n');
}

const files = (paths: string[]) => paths.map((path) => `\`${path}\``).join(', ') || 'nothing';

export function pageSpeedSection(
  setup: string,
  baseline: Measured,
  pages: Measured[],
  checked: Budget[],
): string {
  return [
    '## Page speed',
    setup,
    table(baseline, pages),
    'Scores are 0–100; FCP, LCP, TBT and CLS are Lighthouse’s simulated figures of the median ' +
      'run. JS and CSS: the scripts and stylesheets that finished loading before the first ' +
      'contentful paint in every run (bench/lighthouse/first-render.ts), compressed with zlib ' +
      '(gzip -9, brotli 11); KB = 1,024 bytes. In brackets: the ratio to the baseline’s figure.',
    checked.map((budget) => `- ${budgetLine(budget)}`).join('\n'),
    [baseline, ...pages]
      .map(({ page, figures }) => {
        const racing = figures.racing.length
          ? `; racing it, not counted: ${files(figures.racing)}`
          : '';
        return `- ${page} before first paint: ${files(figures.files)}${racing}`;
      })
      .join('\n'),
  ].join('\n\n');
}
