import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The lowest port the kernel hands out to outgoing connections and `listen(0)`. A port asked of
 * the kernel with `listen(0)` comes from that range, so between our check and the real `listen`
 * any client socket (a database connection of a test running alongside) may take it: CI once
 * failed with EADDRINUSE that way. Ports below the range are never handed out implicitly.
 */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > 12_000 ? port : 32_768;
  } catch {
    return 32_768;
  }
}

const LOWEST = 10_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port on loopback that nothing listens on now and no outgoing socket will be given. */
export async function freePort(): Promise<number> {
  const high = ephemeralLow();
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (high - LOWEST));
    if (await canListen(port)) return port;
  }
  throw new Error('No free port on 127.0.0.1 below the ephemeral range');
}
