// A migrated PGlite database made once and copied for every test server: a new PGlite directory costs an
// initdb (~6.5 s on this machine) and the migrations, a copy of a closed one ~0.1 s and reopening it ~1 s.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../server/db.ts';
import { DEFAULT_MIGRATIONS_DIR, migrate } from '../../server/migrate.ts';

/** Named for PGlite's version and the migrations' contents, so a changed migration makes a new one. */
function templatePath(): string {
  const hash = createHash('sha256');
  // The package's exports leave out its package.json; the file is there all the same.
  hash.update(readFileSync(join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(DEFAULT_MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(join(DEFAULT_MIGRATIONS_DIR, name)));
  return join(tmpdir(), `planner-pglite-template-${hash.digest('hex').slice(0, 16)}`);
}

async function build(target: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'planner-pglite-build-'));
  try {
    const db = await openDb({ dataDir: work });
    await migrate(db);
    await db.close();
    try {
      renameSync(join(work, 'pglite'), target);
    } catch (err) {
      // Another test process made it first: theirs is as good.
      if (!existsSync(join(target, 'PG_VERSION'))) throw err;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Puts a migrated PGlite database where the server opens it in `dataDir`. */
export async function seedPglite(dataDir: string): Promise<void> {
  const template = templatePath();
  if (!existsSync(join(template, 'PG_VERSION'))) await build(template);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  cpSync(template, join(dataDir, 'pglite'), { recursive: true });
}
