/** The page-speed figures on the console: a table with ratio rows, then notes and budgets. */
import { BASELINE, budgetLine, COLUMNS, ratio, type Budget, type Measured } from './figures.ts';

function table(baseline: Measured, pages: Measured[]): string {
  const line = (label: string, cells: string[]) =>
    label.padEnd(34) + cells.map((cell) => cell.padStart(10)).join('');
  const values = ({ figures }: Measured) => COLUMNS.map((c) => c.format(c.value(figures)));
  const rows = [
    line(
      '',
      COLUMNS.map((c) => c.title),
    ),
    line(BASELINE, values(baseline)),
  ];
  for (const page of pages) {
    rows.push(line(page.page, values(page)));
    const ratios = COLUMNS.map((c) => ratio(c.value(page.figures), c.value(baseline.figures)));
    rows.push(line('  × baseline', ratios));
  }
  return rows.join('\n');
}

export function printResults(baseline: Measured, pages: Measured[], checked: Budget[]): void {
  console.log(`\n${table(baseline, pages)}\n`);
  for (const { page, figures } of [baseline, ...pages]) {
    const spread = figures.lcpRuns.map((ms) => (ms / 1000).toFixed(2)).join(', ');
    console.log(`  ${page}: LCP of each run ${spread} s`);
    for (const failing of figures.failing) console.log(`    not at 100 — ${failing}`);
  }
  console.log('');
  for (const budget of checked) console.log(budgetLine(budget));
}
