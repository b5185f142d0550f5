// Search compares folded text: accents and case are ignored ('cafe' finds 'Café', 'STRASSE' finds 'Straße').
// NFKD splits a letter from its accents (and 'ﬁ' into 'fi'); the combining marks are then dropped. A few letters
// have no decomposition and are spelled out as a person would type them without the key.

/** The longest search taken, in characters: longer text is refused (searchTasks) or cut by the field. */
export const MAX_QUERY_LENGTH = 200;

const MARKS = /\p{M}/gu;
const SPELLED: Record<string, string> = { ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ı: 'i' };
const SPELLED_CHARS = /[ßẞæÆœŒøØłŁđĐı]/g;
// Most titles are printable ASCII: lower-casing is all they need, and it is ~20x cheaper than normalising.
const ASCII = /^[ -~\t\n\r]*$/;

/** `text` without accents, in lower case. */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(MARKS, '').replace(SPELLED_CHARS, (char) => SPELLED[char]!).toLowerCase();
}

/**
 * The folded text with, for each of its characters, where it came from in `text` (a UTF-16 index): what a
 * highlight needs to mark the original letters of a match ('Ca' + 'fé' for 'afe' in 'Café').
 */
export function foldWithSources(text: string): { folded: string; sources: number[] } {
  if (ASCII.test(text)) return { folded: text.toLowerCase(), sources: Array.from({ length: text.length + 1 }, (_, i) => i) };
  let folded = '';
  const sources: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = fold(char);
    folded += piece;
    for (let i = 0; i < piece.length; i++) sources.push(index);
    index += char.length;
  }
  sources.push(index);
  return { folded, sources };
}

/** The words of a search, folded, each once, in the order typed. */
export function queryWords(query: string): string[] {
  return [...new Set(fold(query).split(/\s+/).filter(Boolean))];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether the match at `at` starts a word of `text` (the text's start, or after a space or punctuation). */
export function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  const code = text.charCodeAt(at - 1);
  // Letters and digits of ASCII by their codes (most text, and a keystroke looks at thousands), the rest by Unicode.
  if (code < 128) return !((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90));
  return !WORD_CHAR.test(text[at - 1]!);
}
