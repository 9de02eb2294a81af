import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { portHolder } from './port-owner.ts';
import { waitForUrl } from './run.ts';

const started: ChildProcess[] = [];
const servers: Server[] = [];

afterEach(() => {
  for (const child of started.splice(0)) child.kill();
  for (const server of servers.splice(0)) server.close();
});

/** A Node child that serves HTTP on the port (and says so on stdout), or just waits without one. */
async function child(port: number | null): Promise<ChildProcess> {
  const code =
    port === null
      ? 'setInterval(() => {}, 1000); console.log("up")'
      : `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1', () => console.log('up'))`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(proc);
  await once(proc.stdout!, 'data');
  return proc;
}

/** A listener in this process, on the given address. */
async function listenHere(port: number, host: string): Promise<void> {
  const server = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'));
  servers.push(server);
  server.listen(port, host);
  await once(server, 'listening');
}

describe('portHolder', () => {
  it('tells a port nobody holds, one held by a process or its children, and one held by another', async () => {
    const port = await freePort();
    expect(portHolder(port, process.pid)).toBe('none');
    const server = await child(port);
    expect(portHolder(port, server.pid!)).toBe('ours');
    // This test's process started the server: the server is in its tree.
    expect(portHolder(port, process.pid)).toBe('ours');
    const bystander = await child(null);
    expect(portHolder(port, bystander.pid!)).toBe('other');
  });
});

describe('waitForUrl', () => {
  it('returns once the server it started answers', async () => {
    const port = await freePort();
    const server = await child(port);
    await expect(waitForUrl(`http://127.0.0.1:${port}/`, 20_000, server)).resolves.toBeUndefined();
  });

  it('stops with a message when another process answers on the port', async () => {
    const port = await freePort();
    await listenHere(port, '127.0.0.1');
    const server = await child(null);
    await expect(waitForUrl(`http://127.0.0.1:${port}/`, 20_000, server)).rejects.toThrow(`port ${port} answers from another process`);
  });
});
