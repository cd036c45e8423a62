import { readFileSync } from 'node:fs';

/** The machine's CPU time so far (all cores, all processes), busy and total, in clock ticks. */
function cpuTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  // Not work done here: idle, waiting for I/O, and steal (another guest ran on the host's CPU).
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0) + (ticks[7] ?? 0);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  return { busy: total - idle, total };
}

/**
 * Runs `load` and returns its result with how busy the whole machine was meanwhile (0–1 of all
 * cores): a load that keeps every core busy is limited by the machine, not by waiting. Linux only;
 * elsewhere `busy` is NaN.
 */
export async function withMachineCpu<T>(
  load: () => Promise<T>,
): Promise<{ result: T; busy: number }> {
  let before: { busy: number; total: number } | undefined;
  try {
    before = cpuTicks();
  } catch {
    before = undefined;
  }
  const result = await load();
  if (!before) return { result, busy: Number.NaN };
  const after = cpuTicks();
  return { result, busy: (after.busy - before.busy) / Math.max(1, after.total - before.total) };
}
