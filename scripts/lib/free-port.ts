// Ports chosen at run time, so two checkouts on one machine (and two servers of one npm test) run side by side.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where chosen ports start: below it are the well-known and commonly configured ones. */
const LOWEST = 10_000;
/** Random picks tried before giving up. */
const TRIES = 50;

/**
 * The first port of the system's ephemeral range (Linux: 32768), which it hands out to every listener
 * on port 0. A port chosen inside it could be handed to another process's port-0 listener (a seed's
 * local workerd) in the minutes before our server binds it, and answer for it: npm test once took a
 * seed's workerd for its browser server. Without the file, 32768.
 */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether this machine would let a server listen on the port now (nothing else holds it). */
export function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port that was free a moment ago, below the ephemeral range (see ephemeralStart). Should another
 * process take it before the server that was meant to use it, that server fails to start and its caller
 * reports the exit.
 * @example const port = await freePort()
 */
export async function freePort(): Promise<number> {
  const high = ephemeralStart();
  for (let i = 0; i < TRIES; i++) {
    const port = LOWEST + Math.floor(Math.random() * (high - LOWEST));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port found in ${TRIES} tries between ${LOWEST} and ${high}`);
}
