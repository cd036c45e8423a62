/**
 * Whether process `pid` still runs, for lock files that hold their owner's pid: signal 0 checks
 * without signalling, and EPERM means it runs under another user.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
