import { groupHits, weekLabel } from '../../src/features/search/groups';
import { fold, MAX_QUERY_LENGTH, queryWords } from '../../src/features/search/fold';
import { highlight, notesSnippet } from '../../src/features/search/highlight';
import { searchTasks, type SearchOutcome } from '../../src/features/search/rank';
import { buildIndex } from '../../src/features/search/searchIndex';
import { daysFrom } from '../../src/features/tasks/taskList';
import type { Task } from '../../src/features/tasks/types';

const TODAY = '2026-11-25'; // a Wednesday

let next = 0;
function task(title: string, date: string, extra: Partial<Task> = {}): Task {
  next += 1;
  return { id: `task-${next}`, title, date, completed: false, createdAt: next, order: 0, ...extra };
}

function indexOf(tasks: Task[]) {
  // daysFrom renumbers orders per day.
  return buildIndex(daysFrom(tasks.map((t, i) => ({ ...t, order: i }))));
}

const titles = (outcome: SearchOutcome) => (outcome.kind === 'results' ? outcome.hits.map((hit) => hit.doc.title) : outcome.kind);

describe('fold', () => {
  it('ignores accents and case', () => {
    expect(fold('Café CRÈME')).toBe('cafe creme');
    expect(fold('Ångström naïve São Paulo')).toBe('angstrom naive sao paulo');
  });

  it('spells out letters without a decomposition, and splits ligatures', () => {
    expect(fold('Straße')).toBe('strasse');
    expect(fold('Œuvre Æsop Øresund Łódź')).toBe('oeuvre aesop oresund lodz');
    expect(fold('ﬁle')).toBe('file');
  });

  it('keeps text of other scripts, lower-cased', () => {
    expect(fold('Привет МИР')).toBe('привет мир');
    expect(fold('日本語')).toBe('日本語');
  });

  it('cuts a search into folded words, each once', () => {
    expect(queryWords('  Café  cafe  Bar ')).toEqual(['cafe', 'bar']);
  });
});

describe('searchTasks: what it finds', () => {
  const tasks = [
    task('Café with Anna', '2026-11-27'),
    task('Buy groceries', '2026-11-24', { notes: 'Milk, eggs\nFresh basil for the pesto' }),
    task('Old invoice', '2026-10-01', { completed: true }),
    task('Learn to juggle', 'someday'),
  ];
  const index = indexOf(tasks);

  it("finds 'Café' for 'cafe', and 'cafe' for 'CAFÉ'", () => {
    expect(titles(searchTasks(index, 'cafe', TODAY))).toEqual(['Café with Anna']);
    expect(titles(searchTasks(index, 'CAFÉ', TODAY))).toEqual(['Café with Anna']);
  });

  it("finds a word of the notes, and a completed task of a past week, and Some Day's", () => {
    expect(titles(searchTasks(index, 'basil', TODAY))).toEqual(['Buy groceries']);
    expect(titles(searchTasks(index, 'invoice', TODAY))).toEqual(['Old invoice']);
    expect(titles(searchTasks(index, 'jug', TODAY))).toEqual(['Learn to juggle']);
  });

  it('needs every word, each in the title or the notes', () => {
    expect(titles(searchTasks(index, 'buy pesto', TODAY))).toEqual(['Buy groceries']);
    expect(titles(searchTasks(index, 'buy anna', TODAY))).toEqual([]);
  });

  it('says a blank search is empty, and refuses one over the limit', () => {
    expect(searchTasks(index, '   ', TODAY)).toEqual({ kind: 'empty' });
    expect(searchTasks(index, 'a'.repeat(10_000), TODAY)).toEqual({ kind: 'tooLong', max: MAX_QUERY_LENGTH });
    expect(searchTasks(index, 'a'.repeat(MAX_QUERY_LENGTH), TODAY).kind).toBe('results');
  });

  it('counts every result and shows the best ones up to the limit', () => {
    const many = indexOf(Array.from({ length: 120 }, (_, i) => task(`Report ${i}`, '2026-12-01')));
    const outcome = searchTasks(many, 'report', TODAY, 50);
    expect(outcome.kind === 'results' && [outcome.hits.length, outcome.total]).toEqual([50, 120]);
  });

  it('follows the index: a search that extends the last one still sees a new index whole', () => {
    const first = indexOf([task('Plan the trip', TODAY)]);
    expect(titles(searchTasks(first, 'pl', TODAY))).toEqual(['Plan the trip']);
    const second = indexOf([task('Plan the trip', TODAY), task('Plant the roses', TODAY)]);
    expect(titles(searchTasks(second, 'pla', TODAY))).toEqual(['Plan the trip', 'Plant the roses']);
    // Typed on: only what 'pla' matched is looked through, and the answer is the same as from scratch.
    expect(titles(searchTasks(second, 'plant', TODAY))).toEqual(['Plant the roses']);
    expect(titles(searchTasks(second, 'pla', TODAY))).toEqual(['Plan the trip', 'Plant the roses']);
  });
});

describe('searchTasks: ranking', () => {
  it('puts a title before notes, and the start of a word before the inside of one', () => {
    const index = indexOf([
      task('Call about the airplane', TODAY),
      task('Groceries', TODAY, { notes: 'plan the menu' }),
      task('Trip plan', TODAY),
      task('Groceries again', TODAY, { notes: 'explanation' }),
    ]);
    expect(titles(searchTasks(index, 'plan', TODAY))).toEqual(['Trip plan', 'Call about the airplane', 'Groceries', 'Groceries again']);
  });

  it('puts a title that is the search itself first', () => {
    const index = indexOf([task('Dentist appointment', TODAY), task('Dentist', '2027-03-01')]);
    expect(titles(searchTasks(index, 'dentist', TODAY))).toEqual(['Dentist', 'Dentist appointment']);
  });

  it('among equal matches: today and ahead (nearest first), then Some Day, then the past (most recent first)', () => {
    const index = indexOf([
      task('Gym past far', '2026-01-05'),
      task('Gym someday', 'someday'),
      task('Gym next month', '2026-12-20'),
      task('Gym today', TODAY),
      task('Gym yesterday', '2026-11-24'),
      task('Gym tomorrow', '2026-11-26'),
    ]);
    expect(titles(searchTasks(index, 'gym', TODAY))).toEqual(['Gym today', 'Gym tomorrow', 'Gym next month', 'Gym someday', 'Gym yesterday', 'Gym past far']);
  });
});

describe('grouping', () => {
  it('groups by week, then Some Day, groups in the order of their best result', () => {
    const index = indexOf([
      task('Pay rent', '2026-12-01'),
      task('Pay the plumber', '2026-11-26'),
      task('Pay back Sam', 'someday'),
      task('Pay taxes', '2026-11-02'),
      task('Pay the gym', '2026-11-20'),
    ]);
    const outcome = searchTasks(index, 'pay', TODAY);
    if (outcome.kind !== 'results') throw new Error(outcome.kind);
    expect(groupHits(outcome.hits, TODAY).map((group) => [group.label, group.hits.map((hit) => hit.doc.title)])).toEqual([
      ['This week', ['Pay the plumber']],
      ['Next week', ['Pay rent']],
      ['Some Day', ['Pay back Sam']],
      ['Last week', ['Pay the gym']],
      ['2 – 8 Nov', ['Pay taxes']],
    ]);
  });

  it('names weeks across months and years', () => {
    expect(weekLabel('2026-12-28', TODAY)).toBe('28 Dec – 3 Jan 2027');
    expect(weekLabel('2027-02-01', TODAY)).toBe('1 – 7 Feb 2027');
    expect(weekLabel('2026-08-31', TODAY)).toBe('31 Aug – 6 Sep');
  });
});

describe('highlight', () => {
  it('marks the letters a word matched, in their own spelling', () => {
    expect(highlight('Un café crème', ['cafe'])).toEqual([
      { text: 'Un ', match: false },
      { text: 'café', match: true },
      { text: ' crème', match: false },
    ]);
  });

  it('marks every occurrence of every word, and a whole letter that folds to two', () => {
    expect(highlight('Straße a Strasse', ['stras']).filter((piece) => piece.match).map((piece) => piece.text)).toEqual(['Straß', 'Stras']);
    expect(highlight('ab ab', ['b', 'a']).map((piece) => piece.match)).toEqual([true, false, true]);
  });

  it("cuts the notes to the matching line, around the match when it is long", () => {
    expect(notesSnippet('First line\nFresh basil here\nLast', ['basil'])).toBe('Fresh basil here');
    const long = `${'word '.repeat(60)}needle ${'more '.repeat(40)}`;
    const snippet = notesSnippet(long, ['needle']);
    expect(snippet).toContain('needle');
    expect(snippet.startsWith('…') && snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(122);
  });
});
