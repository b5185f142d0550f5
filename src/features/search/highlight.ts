import { foldWithSources } from './fold';

/** A piece of a shown text, marked where a word of the search matched it. */
export interface TextPiece {
  text: string;
  match: boolean;
}

/** `text` cut into pieces, the letters every occurrence of each word matched marked (in the original spelling). */
export function highlight(text: string, words: readonly string[]): TextPiece[] {
  const { folded, sources } = foldWithSources(text);
  const marked = new Uint8Array(text.length);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      // A match may end inside what one letter folds to ('s' in 'ß' → 'ss'): the whole letter is marked.
      let end = at + word.length;
      while (end < folded.length && sources[end] === sources[end - 1]) end++;
      marked.fill(1, sources[at]!, sources[end]!);
    }
  }
  const pieces: TextPiece[] = [];
  for (let start = 0; start < text.length; ) {
    const match = marked[start] === 1;
    let end = start + 1;
    while (end < text.length && (marked[end] === 1) === match) end++;
    pieces.push({ text: text.slice(start, end), match });
    start = end;
  }
  return pieces;
}

const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 120;

/** The line of the notes where a word first matches, cut to about a line's length around the match. */
export function notesSnippet(notes: string, words: readonly string[]): string {
  const { folded, sources } = foldWithSources(notes);
  const firstMatch = Math.min(...words.map((word) => folded.indexOf(word)).filter((at) => at !== -1));
  const at = Number.isFinite(firstMatch) ? sources[firstMatch]! : 0;
  const lineStart = notes.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = notes.indexOf('\n', at);
  const line = notes.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  const inLine = at - lineStart;
  if (line.length <= SNIPPET_LENGTH) return line;
  const from = Math.max(0, inLine - SNIPPET_BEFORE);
  const cut = line.slice(from, from + SNIPPET_LENGTH);
  return `${from > 0 ? '…' : ''}${cut}${from + SNIPPET_LENGTH < line.length ? '…' : ''}`;
}
