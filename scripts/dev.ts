/**
 * Development: the API server on :8080, restarted on change, and Vite's dev server on :5173 with
 * hot reload (it proxies /api and /auth to the API server). Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';
import { NODE_FLAGS } from '../server/src/node-flags.ts';

const children = [
  spawn(process.execPath, [...NODE_FLAGS, '--watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, HOST: process.env.HOST ?? '127.0.0.1' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', 'web'], { stdio: 'inherit' }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
