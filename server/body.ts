// Request bodies as JSON, checked before any route acts on them: a size limit per route, valid UTF-8,
// a nesting limit, and no NUL or unpaired surrogate in any string (PostgreSQL stores neither, and
// JSON.stringify recurses, so a deep value would overflow the stack wherever it is serialized later).

/** Deep enough for any body the app sends (its deepest is 3 levels); a 100,000-deep body is refused. */
export const MAX_JSON_DEPTH = 32;
/** Sign-up, sign-in, refresh, logout. */
export const AUTH_MAX_BODY_BYTES = 64 * 1024;
/** The billing functions take at most `{"priceType": "…"}`. */
export const FUNCTIONS_MAX_BODY_BYTES = 16 * 1024;
/** User metadata, serialized: it is copied into every access token, so it stays small (GoTrue caps it too). */
export const MAX_USER_METADATA_BYTES = 8 * 1024;

/** A body refused before anything was done with it; status is 400 or 413. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Bytes → text, refusing invalid UTF-8 instead of replacing it with U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BodyError(400, 'Request body is not valid UTF-8');
  }
}

const hex4 = (text: string, at: number) => (/^[0-9a-fA-F]{4}$/.test(text.slice(at, at + 4)) ? parseInt(text.slice(at, at + 4), 16) : -1);

/**
 * Scans JSON text without recursion (so any depth is safe to measure) for nesting deeper than maxDepth
 * and for \u0000 or unpaired \uD800–\uDFFF escapes inside strings. Raw control characters and lone
 * surrogates cannot occur: JSON.parse refuses the first, strict UTF-8 decoding the second.
 */
export function checkJsonText(text: string, maxDepth = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x22 /* " */) inString = false;
      else if (ch === 0x5c /* \ */) {
        if (text.charCodeAt(i + 1) === 0x75 /* u */) {
          const code = hex4(text, i + 2);
          if (code === 0) throw new BodyError(400, 'Strings in the request body must not contain NUL (\\u0000)');
          if (code >= 0xd800 && code <= 0xdbff) {
            const low = text.startsWith('\\u', i + 6) ? hex4(text, i + 8) : -1;
            if (low < 0xdc00 || low > 0xdfff) throw new BodyError(400, 'Strings in the request body must be valid Unicode (unpaired surrogate)');
            i += 6;
          } else if (code >= 0xdc00 && code <= 0xdfff) {
            throw new BodyError(400, 'Strings in the request body must be valid Unicode (unpaired surrogate)');
          }
          if (code >= 0) i += 4;
        }
        i++;
      }
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (++depth > maxDepth) throw new BodyError(400, `Request body is nested deeper than ${maxDepth} levels`);
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
}

/** JSON text → value; an empty body is `empty`. Checks as checkJsonText, then parses. */
export function parseJsonText(text: string, empty: unknown = undefined): unknown {
  if (text.trim() === '') return empty;
  checkJsonText(text);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new BodyError(400, `Could not parse request body as JSON: ${(err as Error).message}`);
  }
}

/** Reads a request's body up to limit bytes (the stream is cut off there) and decodes it strictly. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw new BodyError(413, `Request body is larger than ${limit} bytes`);
  const body = request.body;
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new BodyError(413, `Request body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return decodeUtf8(Buffer.concat(chunks, size));
}
