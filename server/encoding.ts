// Accept-Encoding negotiation shared by the static files and the API's JSON (RFC 9110 §12.5.3).

export type Coding = 'br' | 'gzip' | 'identity';

/** Preference when the client weighs codings equally: smallest first. */
const PREFERENCE: Coding[] = ['br', 'gzip', 'identity'];

function qualities(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let value = 1;
    for (const param of params) {
      const [key, raw] = param.trim().split('=');
      if (key === 'q' && raw !== undefined) {
        const parsed = Number(raw);
        value = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, value);
  }
  return q;
}

/**
 * The coding to send among those available (identity always is), or undefined when the client
 * refuses all of them (`identity;q=0` and nothing else acceptable). No header means identity.
 */
export function negotiateEncoding(header: string | undefined, available: ReadonlySet<Coding>): Coding | undefined {
  if (header === undefined) return 'identity';
  const q = qualities(header);
  const wildcard = q.get('*');
  let best: { coding: Coding; q: number } | undefined;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.has(coding)) continue;
    // Other codings only when named or covered by `*`. identity is acceptable unless refused by name or
    // by `*;q=0`, but when not named it ranks below anything the client did name.
    const value = q.get(coding) ?? (coding === 'identity' ? (wildcard ?? 0.001) : (wildcard ?? 0));
    if (value > 0 && (!best || value > best.q)) best = { coding, q: value };
  }
  return best?.coding;
}
