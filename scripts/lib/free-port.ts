// Ports chosen at run time, so two checkouts on one machine can run their servers side by side.
import { createServer } from 'node:net';

/**
 * A TCP port that was free a moment ago: the system picks it for a listener on port 0, which is
 * closed again at once. Should another process take it in between, the server that was meant to
 * use it fails to start, and the caller reports that exit.
 * @example const port = await freePort()
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('the system gave no port'))));
    });
  });
}
