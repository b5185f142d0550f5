// The real entry point (server/index.ts) as a child process, started the way `npm start` runs it.
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child {
  process: ChildProcess;
  /** The server's own pid (in zombie mode the spawned process is its parent). */
  pid: number;
  url: string;
  /** The anon key the server printed (before its URL line). */
  anonKey: string;
  output: () => string;
  exited: Promise<number | null>;
}

// The entry point as the server project's globalSetup bundled it (bundleServer.ts: the same sources, without
// tsx's ~2.5 CPU-s of loading per start); `node --import tsx server/index.ts` when a run has no bundle.
export const BUNDLE_ENV = 'PLANNER_TEST_SERVER_BUNDLE';
const SERVER = process.env[BUNDLE_ENV] ? `node ${JSON.stringify(process.env[BUNDLE_ENV])}` : 'node --import tsx server/index.ts';

/**
 * Starts the server and waits for its URL line. With `zombie`, a shell starts it in the background and then
 * becomes `sleep`, which never reaps: a server killed with -9 stays a zombie, as under a container init that
 * does not reap, and its pid still answers kill(pid, 0).
 */
export function startChild(dataDir: string, env: Record<string, string> = {}, { zombie = false } = {}): Promise<Child> {
  const command = zombie ? `${SERVER} & echo "server pid $!"; exec sleep 600` : `exec ${SERVER}`;
  const child = spawn('sh', ['-c', command], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', BILLING_MODE: '', STRIPE_SECRET_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Weekly Planner is running at (http:\/\/\S+)/.exec(output)?.[1];
      const pid = zombie ? Number(/server pid (\d+)/.exec(output)?.[1]) : child.pid!;
      const anonKey = /Anon key: (\S+)/.exec(output)?.[1];
      if (url && pid && anonKey) resolve({ process: child, pid, url, anonKey, output: () => output, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Runs the server expecting it to refuse to start; resolves to its exit code and output. */
export async function refusal(dataDir: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  try {
    const child = await startChild(dataDir, env);
    child.process.kill('SIGKILL');
    throw new Error(`the server started:\n${child.output()}`);
  } catch (err) {
    const match = /^server exited with (\S+):\n([\s\S]*)$/.exec((err as Error).message);
    if (!match) throw err;
    return { code: Number(match[1]), output: match[2]! };
  }
}
