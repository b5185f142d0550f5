import fc from 'fast-check';
import { fold, queryWords } from '../../src/features/search/fold';
import { searchTasks } from '../../src/features/search/rank';
import { buildIndex, type SearchIndex } from '../../src/features/search/searchIndex';
import { daysFrom } from '../../src/features/tasks/taskList';
import type { Task } from '../../src/features/tasks/types';

// Search against a plain reference: a task is found exactly when every folded word of the search is inside its
// folded title or notes; typing a search key by key gives what searching it at once gives; and accents or case
// on the task's side or the search's never change what is found.

const TODAY = '2026-11-25';
const LETTERS = ['a', 'e', 'i', 'o', 'c', 'n', 's', 'l', ' ', 'é', 'È', 'ç', 'ñ', 'ß', 'A', 'O'];
const text = (max: number) => fc.array(fc.constantFrom(...LETTERS), { maxLength: max }).map((chars) => chars.join(''));
const date = fc.constantFrom('2026-11-02', '2026-11-25', '2026-12-24', '2027-06-01', 'someday');

const taskList = fc.array(fc.record({ title: text(14), notes: text(20), date, completed: fc.boolean() }), { maxLength: 30 }).map((rows) =>
  rows.map((row, i): Task => ({ id: `task-${i}`, createdAt: i, order: i, ...row, notes: row.notes || undefined })),
);

const indexOf = (tasks: Task[]): SearchIndex => buildIndex(daysFrom(tasks));

function reference(tasks: Task[], query: string): string[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  return tasks
    .filter((t) => words.every((word) => fold(t.title).includes(word) || fold(t.notes ?? '').includes(word)))
    .map((t) => t.id)
    .sort();
}

const found = (index: SearchIndex, query: string): string[] => {
  const outcome = searchTasks(index, query, TODAY, Infinity);
  return outcome.kind === 'results' ? outcome.hits.map((hit) => (hit.doc.target.kind === 'task' ? hit.doc.target.id : '')).sort() : [];
};

test('finds exactly the tasks with every word in their title or notes', () => {
  fc.assert(
    fc.property(taskList, text(6), (tasks, query) => {
      expect(found(indexOf(tasks), query)).toEqual(reference(tasks, query));
    }),
  );
});

test('typing a search key by key finds what searching it at once finds', () => {
  fc.assert(
    fc.property(taskList, text(8), (tasks, query) => {
      const typed = indexOf(tasks);
      for (let end = 1; end <= query.length; end++) found(typed, query.slice(0, end));
      // Typed key by key on one index, against the same search on an index that has seen no other.
      expect(found(typed, query)).toEqual(found(indexOf(tasks), query));
      // Backspace: a shorter search is looked up in the whole index again.
      expect(found(typed, query.slice(0, -1))).toEqual(reference(tasks, query.slice(0, -1)));
    }),
  );
});

test('accents and case change nothing that is found', () => {
  const ACCENTED: Record<string, string> = { a: 'Á', e: 'ê', i: 'Ï', o: 'ô', c: 'Ç', n: 'Ñ' };
  const accented = (value: string) => [...value].map((char) => ACCENTED[char] ?? char).join('');
  fc.assert(
    fc.property(taskList, text(5), (tasks, query) => {
      const plain = found(indexOf(tasks), query);
      expect(found(indexOf(tasks), accented(query))).toEqual(plain);
      expect(found(indexOf(tasks.map((t) => ({ ...t, title: accented(t.title).toUpperCase(), notes: t.notes && accented(t.notes) }))), query)).toEqual(plain);
    }),
  );
});

test('results are in rank order and a series or task is never found twice', () => {
  fc.assert(
    fc.property(taskList, text(4), (tasks, query) => {
      const outcome = searchTasks(indexOf(tasks), query, TODAY, Infinity);
      if (outcome.kind !== 'results') return;
      const ranks = outcome.hits.map((hit) => hit.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(new Set(outcome.hits.map((hit) => hit.doc.group)).size).toBe(outcome.hits.length);
    }),
  );
});
