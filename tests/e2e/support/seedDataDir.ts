// Gives the browser tests' server a migrated database before it starts: a copy of the PGlite template that the
// server tests make and keep (tests/server/pgliteTemplate.ts), instead of an initdb and the migrations on every run.
// A first start on an empty directory is tested in tests/server/process.test.ts.
import { seedPglite } from '../../server/pgliteTemplate.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: tsx tests/e2e/support/seedDataDir.ts <data directory>');
await seedPglite(dataDir);
