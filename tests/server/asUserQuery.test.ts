// db.asUserQuery: one statement as the caller. On PostgreSQL the claims and the statement go as one simple-protocol
// query with the values inlined as literals (one round trip instead of four), so what matters here is that every
// value arrives exactly as sent, that the role and claims hold for the statement and end with it, and that what
// cannot be inlined takes the prepared path with the same answers.
import type { JwtClaims } from '../../server/context.ts';
import { inlineAsUser } from '../../server/db.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';

const user: JwtClaims = { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001', email: "o'brien@example.com" };

const awkward = [
  "it's",
  "''; drop table public.task_events; --",
  'back\\slash \\x41 \\\\',
  "E'\\'",
  '$1 $2 $$ $tag$ not placeholders',
  'tab\tnew\nline',
  'ünïcødé 😀 and a lone \u00ad',
  '',
  ' ',
];

describe('inlineAsUser', () => {
  test('values become literals, and what cannot be inlined is refused', () => {
    expect(inlineAsUser(user, 'select $1::text, $2::int, $3', ["it's", 2, null])).toMatch(/select 'it''s'::text, '2'::int, NULL$/);
    expect(inlineAsUser(user, 'select $1', ['a\\b'])).toMatch(/select E'a\\\\b'$/);
    expect(inlineAsUser(user, 'select $1', [{ a: 1 }])).toBeUndefined();
    expect(inlineAsUser(user, 'select $1', ['a\0b'])).toBeUndefined();
    expect(inlineAsUser(user, 'select $1', ['x'.repeat(70_000)])).toBeUndefined();
    expect(inlineAsUser(user, 'select $2', ['only one'])).toBeUndefined();
    // A value's quote must never meet a quoted identifier or string the substitution would reach into.
    expect(inlineAsUser(user, 'select 1 as "$1" where $1 = $1', ['x" from auth.users --'])).toBeUndefined();
    expect(inlineAsUser(user, "select '$1', $1", ['x'])).toBeUndefined();
    expect(inlineAsUser(user, 'select $1 -- note', ['x'])).toBeUndefined();
    expect(inlineAsUser(user, 'select $tag$x$tag$, $1', ['x'])).toBeUndefined();
    expect(inlineAsUser(user, "select E'\\'', $1", ['x'])).toBeUndefined();
    expect(inlineAsUser(user, `select coalesce(json_agg(r), '[]') as "a""b" from f($1) r`, ['x'])).toMatch(/'\[\]'\) as "a""b" from f\('x'\) r$/);
    expect(() => inlineAsUser({ role: 'postgres' } as unknown as JwtClaims, 'select 1')).toThrow(/unknown role/);
  });
});

describe.each(backends)('asUserQuery on %s', (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    // One connection: what one request leaves behind is what the next one on it would see.
    srv = await startTestServer(backend, { poolSize: 1 });
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());
  const db = () => srv.server.ctx.db;

  test('every value arrives as sent', async () => {
    const sql = `select ${awkward.map((_, i) => `$${i + 1}::text as v${i}`).join(', ')}`;
    const { rows } = await db().asUserQuery<Record<string, string>>(user, sql, awkward);
    expect(awkward.map((_, i) => rows[0]![`v${i}`])).toEqual(awkward);
    const big = 'é'.repeat(70_000);
    expect((await db().asUserQuery<{ v: string }>(user, 'select $1::text as v, $2::text as w', [big, null])).rows).toEqual([{ v: big, w: null }]);
  });

  test('the statement runs as the role with the claims, and both end with it', async () => {
    const { rows } = await db().asUserQuery<{ who: string; uid: string; email: string }>(user, "select current_user as who, auth.uid()::text as uid, auth.jwt() ->> 'email' as email");
    expect(rows).toEqual([{ who: 'authenticated', uid: user.sub, email: user.email }]);
    const [after] = (await db().query<{ who: string; claims: string | null }>("select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims")).rows;
    expect(after!.who).not.toBe('authenticated');
    expect(after!.claims).toBeNull();
  });

  test('row-level security applies and an error leaves nothing behind', async () => {
    await expect(db().asUserQuery({ role: 'anon' }, 'select * from public.user_tasks')).rejects.toMatchObject({ code: '42501' });
    await expect(db().asUserQuery(user, 'select $1::int / 0', ['1'])).rejects.toMatchObject({ code: '22012' });
    await expect(db().asUserQuery(user, 'select $1::uuid', ["x'; select 1; --"])).rejects.toMatchObject({ code: '22P02' });
    const [after] = (await db().query<{ who: string }>('select current_user as who')).rows;
    expect(after!.who).not.toBe('authenticated');
    expect(after!.who).not.toBe('anon');
  });

  test('a NUL is refused by the database as it was before', async () => {
    await expect(db().asUserQuery(user, 'select $1::text', ['a\0b'])).rejects.toThrow();
    expect((await db().asUserQuery<{ n: number }>(user, 'select 1 as n')).rows).toEqual([{ n: 1 }]);
  });
});
