import * as runtime from '../../src/features/series/runtime';
import { seriesChecklistItemAdded, seriesCreated } from '../../src/features/series/seriesSlice';
import { notesSnippet } from '../../src/features/search/highlight';
import { searchTasks } from '../../src/features/search/rank';
import { buildIndex } from '../../src/features/search/searchIndex';
import { seriesDocs } from '../../src/features/search/seriesDocs';
import { daysFrom } from '../../src/features/tasks/taskList';
import { replay } from './seriesFixtures';

const TODAY = '2026-11-25';

describe('search by checklist items', () => {
  const days = daysFrom([
    { id: 'task-1', title: 'Trip to Lyon', date: '2026-12-02', completed: false, createdAt: 1, order: 0, notes: 'Train at 9', checklist: [{ id: 'a', text: 'Passport', done: true }, { id: 'b', text: 'Crème solaire', done: false }] },
    { id: 'task-2', title: 'Groceries', date: '2026-12-02', completed: false, createdAt: 2, order: 1 },
  ]);

  it('finds a task by a word of an item, accents ignored, and shows that item’s line', () => {
    const outcome = searchTasks(buildIndex(days), 'creme', TODAY);
    if (outcome.kind !== 'results') throw new Error(outcome.kind);
    expect(outcome.hits.map((hit) => hit.doc.title)).toEqual(['Trip to Lyon']);
    expect(outcome.hits[0]!.inNotes).toBe(true);
    expect(notesSnippet(outcome.hits[0]!.doc.notes, outcome.words)).toBe('☐ Crème solaire');
    const ticked = searchTasks(buildIndex(days), 'passport', TODAY);
    if (ticked.kind !== 'results') throw new Error(ticked.kind);
    expect(notesSnippet(ticked.hits[0]!.doc.notes, ticked.words)).toBe('☑ Passport');
  });

  it('finds a series once by an item of its template', () => {
    const created = seriesCreated({ template: { title: 'Gym', notes: '' }, firstDate: '2026-11-02', repeat: { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=MO' } }, 3);
    const state = replay([created, seriesChecklistItemAdded(created.payload.series.id, 'Kettlebell swings')]);
    const outcome = searchTasks(buildIndex({}, seriesDocs(state, runtime, TODAY)), 'kettlebell', TODAY);
    if (outcome.kind !== 'results') throw new Error(outcome.kind);
    expect(outcome.hits.map((hit) => [hit.doc.title, hit.doc.date])).toEqual([['Gym', '2026-11-30']]);
  });
});
