import { dayNumber } from '../series/days';
import { MAX_QUERY_LENGTH, queryWords, startsWord } from './fold';
import type { SearchDoc, SearchIndex } from './searchIndex';

// Ranking, in this order (docs/search.md):
// 1. How well every word of the search matches: in the title before in the notes, at the start of a word before
//    inside one ('plan' ranks 'Plan the trip' over 'Airplane'); a title that is the search itself comes first.
//    Every word must match somewhere (title or notes).
// 2. When: today and the days ahead, then Some Day, then the days gone by.
// 3. Nearness to today (the next days first, then the most recent past), then the title, then the key.

export type SearchOutcome =
  | { kind: 'empty' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'results'; hits: SearchHit[]; total: number; words: string[] };

export interface SearchHit {
  doc: SearchDoc;
  /** Lower is better (see above): the sort key. */
  rank: number;
  /** Some words were found only in the notes: the result shows the notes' matching line. */
  inNotes: boolean;
}

/** How many results a search shows; more ask for a longer search (the status says how many there are). */
export const RESULT_LIMIT = 50;

const TITLE_START = 0;
const TITLE_INSIDE = 1;
const NOTES_START = 2;
const NOTES_INSIDE = 3;
const NO_MATCH = -1;

function wordMatch(doc: SearchDoc, word: string): number {
  const inTitle = bestIn(doc.foldedTitle, word);
  if (inTitle !== NO_MATCH) return inTitle === 0 ? TITLE_START : TITLE_INSIDE;
  const inNotes = bestIn(doc.foldedNotes, word);
  if (inNotes !== NO_MATCH) return inNotes === 0 ? NOTES_START : NOTES_INSIDE;
  return NO_MATCH;
}

/** 0 where `word` starts a word of `text`, 1 where it is only inside one, NO_MATCH where it is not there. */
function bestIn(text: string, word: string): number {
  let at = text.indexOf(word);
  if (at === -1) return NO_MATCH;
  for (; at !== -1; at = text.indexOf(word, at + 1)) {
    if (startsWord(text, at)) return 0;
  }
  return 1;
}

// The rank is one number so that sorting thousands of hits compares numbers: the match in the high digits,
// then when, then the distance in days (under 10^6: 2,700 years).
const WHEN = 1e6;
const MATCH = 1e7;

function rankOf(doc: SearchDoc, match: number, today: number): number {
  if (Number.isNaN(doc.day)) return match * MATCH + 1 * WHEN;
  const distance = doc.day - today;
  return match * MATCH + (distance >= 0 ? distance : 2 * WHEN - distance);
}

// A search that extends the one before (a key typed at the end) can only match what that one matched: each
// keystroke looks through the last result's documents, not the whole index.
const lastSearch = new WeakMap<SearchIndex, { folded: string; docs: SearchDoc[] }>();

/** The best RESULT_LIMIT results for `query` among the index's documents, one per group, and how many there are. */
export function searchTasks(index: SearchIndex, query: string, today: string, limit = RESULT_LIMIT): SearchOutcome {
  if (query.length > MAX_QUERY_LENGTH) return { kind: 'tooLong', max: MAX_QUERY_LENGTH };
  const words = queryWords(query);
  if (words.length === 0) return { kind: 'empty' };
  const folded = words.join(' ');
  const previous = lastSearch.get(index);
  const pool = previous && folded.startsWith(previous.folded) ? previous.docs : index.docs;
  const todayNumber = dayNumber(today);
  const best = new TopHits(limit);
  // The documents of a series share a group, whose best one counts; a task is a group of its own.
  const bestOfGroup = new Map<string, SearchHit>();
  const matched: SearchDoc[] = [];
  let total = 0;
  for (const doc of pool) {
    let match = 0;
    let inNotes = false;
    for (const word of words) {
      const found = wordMatch(doc, word);
      if (found === NO_MATCH) {
        match = NO_MATCH;
        break;
      }
      match += found;
      if (found >= NOTES_START) inNotes = true;
    }
    if (match === NO_MATCH) continue;
    matched.push(doc);
    // A title that is the search itself ranks before every other match.
    const exact = doc.foldedTitle.length >= folded.length && doc.foldedTitle.trim() === folded;
    const rank = exact ? rankOf(doc, 0, todayNumber) - MATCH : rankOf(doc, match, todayNumber);
    if (doc.target.kind !== 'task') {
      const other = bestOfGroup.get(doc.group);
      if (!other || rank < other.rank) bestOfGroup.set(doc.group, { doc, rank, inNotes });
      continue;
    }
    total += 1;
    if (best.accepts(rank)) best.add({ doc, rank, inNotes });
  }
  for (const hit of bestOfGroup.values()) {
    total += 1;
    if (best.accepts(hit.rank)) best.add(hit);
  }
  lastSearch.set(index, { folded, docs: matched });
  return { kind: 'results', hits: best.hits, total, words };
}

/**
 * The best `limit` hits in rank order, kept as they come: most of thousands of matches are turned away by one
 * comparison with the worst kept, where sorting them all took most of a keystroke's time.
 */
class TopHits {
  readonly hits: SearchHit[] = [];
  constructor(private readonly limit: number) {}

  accepts(rank: number): boolean {
    return this.limit > 0 && (this.hits.length < this.limit || rank <= this.hits[this.hits.length - 1]!.rank);
  }

  add(hit: SearchHit): void {
    let low = 0;
    let high = this.hits.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (byRank(this.hits[mid]!, hit) <= 0) low = mid + 1;
      else high = mid;
    }
    this.hits.splice(low, 0, hit);
    if (this.hits.length > this.limit) this.hits.pop();
  }
}

function byRank(a: SearchHit, b: SearchHit): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.doc.foldedTitle !== b.doc.foldedTitle) return a.doc.foldedTitle < b.doc.foldedTitle ? -1 : 1;
  return a.doc.key < b.doc.key ? -1 : a.doc.key > b.doc.key ? 1 : 0;
}
