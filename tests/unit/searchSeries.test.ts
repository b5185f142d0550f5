import * as runtime from '../../src/features/series/runtime';
import { occurrenceCompletionSet, occurrenceEdited, occurrenceMoved, occurrenceSkipped, seriesEndSet } from '../../src/features/series/seriesSlice';
import { groupHits } from '../../src/features/search/groups';
import { searchTasks } from '../../src/features/search/rank';
import { buildIndex } from '../../src/features/search/searchIndex';
import { seriesDocs } from '../../src/features/search/seriesDocs';
import { daysFrom } from '../../src/features/tasks/taskList';
import { created, replay, rule } from './seriesFixtures';

const TODAY = '2026-11-25'; // Wednesday

const gym = created('Gym', '2026-10-05', rule('FREQ=WEEKLY;BYDAY=MO,TH'), 'Bring the towel');
const GYM = gym.payload.series.id;

function search(events: Parameters<typeof replay>[0], query: string) {
  const index = buildIndex(daysFrom([{ id: 'task-1', title: 'Gym bag repair', date: '2026-11-30', completed: false, createdAt: 1, order: 0 }]), seriesDocs(replay(events), runtime, TODAY));
  const outcome = searchTasks(index, query, TODAY);
  if (outcome.kind !== 'results') throw new Error(outcome.kind);
  return outcome.hits.map((hit) => ({ title: hit.doc.title, date: hit.doc.date, repeat: hit.doc.repeatText, target: hit.doc.target }));
}

describe('search over series', () => {
  it('finds a series once, with its next occurrence, by its title and by its notes', () => {
    const byTitle = search([gym], 'gym');
    expect(byTitle).toEqual([
      { title: 'Gym', date: '2026-11-26', repeat: 'Every Monday and Thursday', target: { kind: 'occurrence', seriesId: GYM, originalDate: '2026-11-26' } },
      expect.objectContaining({ title: 'Gym bag repair' }),
    ]);
    expect(search([gym], 'towel').map((hit) => hit.date)).toEqual(['2026-11-26']);
  });

  it("goes past done or skipped occurrences to the next open one, and to the last one of a series that ended", () => {
    const thursdayDone = occurrenceCompletionSet({ seriesId: GYM, originalDate: '2026-11-26' }, true, TODAY);
    const mondaySkipped = occurrenceSkipped({ seriesId: GYM, originalDate: '2026-11-30', skipped: true });
    expect(search([gym, thursdayDone, mondaySkipped], 'towel')[0]!.date).toBe('2026-12-03');
    expect(search([gym, seriesEndSet({ id: GYM, lastDate: '2026-11-10' })], 'towel')[0]!.date).toBe('2026-11-09');
  });

  it('finds an occurrence renamed or noted on its own, still one result for its series', () => {
    const renamed = occurrenceEdited({ seriesId: GYM, originalDate: '2026-11-12', title: 'Gym with Bob' });
    const noted = occurrenceEdited({ seriesId: GYM, originalDate: '2026-12-10', notes: 'Ask about the sauna' });
    const events = [gym, renamed, noted];
    expect(search(events, 'bob')).toEqual([{ title: 'Gym with Bob', date: '2026-11-12', repeat: 'Every Monday and Thursday', target: { kind: 'occurrence', seriesId: GYM, originalDate: '2026-11-12' } }]);
    expect(search(events, 'sauna').map((hit) => hit.date)).toEqual(['2026-12-10']);
    // 'gym' matches the series and both occurrences: one result, the series' next occurrence.
    expect(search(events, 'gym').filter((hit) => hit.repeat)).toHaveLength(1);
    expect(search(events, 'gym')[0]!.date).toBe('2026-11-26');
  });

  it('finds a renamed occurrence where it was moved, and not once it is skipped', () => {
    const renamed = occurrenceEdited({ seriesId: GYM, originalDate: '2026-12-03', title: 'Gym with Bob' });
    const moved = occurrenceMoved({ seriesId: GYM, originalDate: '2026-12-03', to: 'someday' });
    expect(search([gym, renamed, moved], 'bob').map((hit) => hit.date)).toEqual(['someday']);
    expect(search([gym, renamed, occurrenceSkipped({ seriesId: GYM, originalDate: '2026-12-03', skipped: true })], 'bob')).toEqual([]);
  });

  it('groups a series result under the week of its next occurrence', () => {
    const index = buildIndex({}, seriesDocs(replay([gym]), runtime, TODAY));
    const outcome = searchTasks(index, 'gym', TODAY);
    expect(outcome.kind === 'results' && groupHits(outcome.hits, TODAY).map((group) => group.label)).toEqual(['This week']);
  });

  it('keeps the documents while the series and today are the same', () => {
    const state = replay([gym]);
    expect(seriesDocs(state, runtime, TODAY)).toBe(seriesDocs(state, runtime, TODAY));
    expect(seriesDocs(state, runtime, '2026-11-26')).not.toBe(seriesDocs(state, runtime, TODAY));
  });
});
