// The data directory: private to this user (0700, files 0600), and held by one server process at a time.
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

const prepared = new Set<string>();

/**
 * Creates dir 0700, or tightens an existing one we own; refuses one that others can write (they could swap
 * the database or the secret). Sets the process umask to 0o077 first, so files PGlite creates later are 0600.
 */
export function prepareDataDir(dir: string): void {
  if (prepared.has(dir)) return;
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stats = statSync(dir);
  if (!stats.isDirectory()) throw new Error(`DATA_DIR ${dir} is not a directory`);
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    throw new Error(`DATA_DIR ${dir} belongs to another user (uid ${stats.uid}); the server must own its data directory`);
  }
  if (stats.mode & 0o022) {
    throw new Error(
      `DATA_DIR ${dir} is writable by other users (mode ${(stats.mode & 0o777).toString(8)}); ` +
        `run \`chmod 700 ${dir}\` if you trust what is in it, then start again`,
    );
  }
  // A directory from an older version (0755, files 0666): make it private.
  makePrivate(dir);
  prepared.add(dir);
}

/** Removes group and other permissions below path (PGlite's file system chmods what it creates to 0666). */
export function makePrivate(path: string): void {
  const stats = lstatSync(path);
  if (stats.isSymbolicLink()) return;
  const mode = stats.mode & 0o777;
  if (stats.isDirectory()) {
    if (mode & 0o077) chmodSync(path, mode & 0o700);
    for (const name of readdirSync(path)) makePrivate(join(path, name));
  } else if (mode & 0o077) {
    chmodSync(path, mode & 0o700);
  }
}

// sun_path is 108 bytes on Linux, 104 on macOS.
const MAX_SOCKET_PATH = 100;

/**
 * Takes the directory's lock: a Unix socket listening in it. The kernel closes it when the process dies
 * (kill -9, a zombie whose fds are gone), so a connect() that is refused means the holder is dead, whatever
 * became of its pid. The pid file is only information for people.
 * Resolves to the function that releases the lock.
 */
export async function lockDataDir(dir: string): Promise<() => void> {
  prepareDataDir(dir);
  const socketPath = join(dir, 'server.lock.sock');
  const pidFile = join(dir, 'server.pid');
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(`DATA_DIR path is too long for its lock socket (${socketPath}); use a shorter path`);
  }
  let server: Server | undefined;
  for (let attempt = 0; attempt < 3 && !server; attempt++) {
    try {
      server = await listenOn(socketPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      if (await isHeld(socketPath)) {
        throw new Error(`Another server (pid ${holderPid(pidFile)}) is using the data directory ${dir}; stop it first.`, { cause: err });
      }
      // The holder died without removing its socket.
      rmSync(socketPath, { force: true });
    }
  }
  if (!server) throw new Error(`Could not take the lock on the data directory ${dir}`);
  writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
  const held = server;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.close();
    rmSync(pidFile, { force: true });
  };
}

function listenOn(socketPath: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Whoever probes the lock gets its answer from connect() alone.
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      // The lock must not keep the process alive.
      server.unref();
      resolve(server);
    });
  });
}

function isHeld(socketPath: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(false);
      else reject(err);
    });
  });
}

function holderPid(pidFile: string): string {
  try {
    return readFileSync(pidFile, 'utf8').trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}
