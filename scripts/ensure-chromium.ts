/**
 * Makes sure the browser tests have Debian's Chromium (never a downloaded browser build).
 * CHROMIUM_PATH overrides the default /usr/bin/chromium. When it is missing and we are root on a
 * Debian-like system, it is installed with apt-get; otherwise we stop with instructions.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(path)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) {
    console.error(
      `Chromium not found at ${path}. Install Debian's package (as root: apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian’s chromium package…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
}

console.log(execFileSync(path, ['--version'], { encoding: 'utf8' }).trim());
