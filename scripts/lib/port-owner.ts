// Who listens on a local TCP port (Linux /proc): a server that answers on its port may be another
// process's, started before ours or bound to the other loopback address (::1 beside 127.0.0.1), and a
// benchmark once printed that process's figures as its own. /proc/net/tcp{,6} lists the listening
// sockets by inode; /proc/<pid>/fd links name the sockets a process holds.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { processTree } from './proc-stat.ts';

/** /proc/net/tcp's state of a listening socket. */
const LISTEN = '0A';

/**
 * The inodes of the TCP sockets (IPv4 and IPv6) listening on the port, or null without /proc.
 * @example listeningInodes(8797) // ['123456']
 */
export function listeningInodes(port: number): string[] | null {
  const inodes: string[] = [];
  let read = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
      read = true;
    } catch {
      continue;
    }
    // "sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...", addresses as HEX:PORT.
    for (const line of text.trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1] ?? '';
      const inode = fields[9];
      if (fields[3] === LISTEN && inode && parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) inodes.push(inode);
    }
  }
  return read ? inodes : null;
}

/** The inodes of the sockets the processes hold open (processes that are gone or not ours to read are skipped). */
function socketsHeldBy(pids: Iterable<number>): Set<string> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket?.[1]) inodes.add(socket[1]);
      } catch {
        // closed since the directory was read
      }
    }
  }
  return inodes;
}

/**
 * Who listens on the port: 'none', 'ours' (every listening socket is held by `root` or a process it
 * started), 'other' (some socket is not), or 'unknown' without /proc.
 * @example if (portHolder(8797, server.pid) === 'other') throw new Error('another server holds 8797')
 */
export function portHolder(port: number, root: number): 'none' | 'ours' | 'other' | 'unknown' {
  const listening = listeningInodes(port);
  if (listening === null) return 'unknown';
  if (listening.length === 0) return 'none';
  const ours = socketsHeldBy(processTree(root));
  return listening.every((inode) => ours.has(inode)) ? 'ours' : 'other';
}
