import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { daysFrom } from '../tasks/taskList';
import type { Task } from '../tasks/types';
import { groupHits } from './groups';
import { searchTasks } from './rank';
import { SearchDialog, type SearchView } from './SearchDialog';
import { buildIndex, makeDoc } from './searchIndex';

const TODAY = '2026-11-25';
const tasks: Task[] = [
  { id: 'task-1', title: 'Café with Anna', date: '2026-11-27', completed: false, createdAt: 1, order: 0 },
  { id: 'task-2', title: 'Book the café for the party', date: '2026-12-02', completed: false, createdAt: 2, order: 0 },
  { id: 'task-3', title: 'Expenses', date: '2026-10-05', completed: true, createdAt: 3, order: 0, notes: 'Receipts from the cafe and the train' },
  { id: 'task-4', title: 'Try the new cafe downtown', date: 'someday', completed: false, createdAt: 4, order: 0 },
];
const series = makeDoc({
  key: 'series:s1',
  group: 'series:s1',
  target: { kind: 'occurrence', seriesId: 's1', originalDate: '2026-11-30' },
  title: 'Cafe meet-up',
  notes: '',
  date: '2026-11-30',
  completed: false,
  repeatText: 'Every Monday',
  next: true,
});

function viewOf(query: string): SearchView {
  const outcome = searchTasks(buildIndex(daysFrom(tasks), [series]), query, TODAY);
  if (outcome.kind !== 'results') return outcome;
  return { kind: 'results', groups: groupHits(outcome.hits, TODAY), total: outcome.total, shown: outcome.hits.length, words: outcome.words };
}

const meta = {
  title: 'Search/SearchDialog',
  component: SearchDialog,
  args: { query: 'cafe', view: viewOf('cafe'), onQueryChange: fn(), onPick: fn(), onClose: fn() },
} satisfies Meta<typeof SearchDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Grouped by week, then Some Day, the past last; a series once with its next occurrence; a match in the notes. */
export const Results: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('combobox', { name: 'Search tasks' })).toHaveValue('cafe');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onPick).toHaveBeenCalledTimes(1);
  },
};

export const NoResults: Story = { args: { query: 'zebra', view: viewOf('zebra') } };

export const Empty: Story = { args: { query: '', view: { kind: 'empty' } } };

/** A pasted page of text, cut to the limit. */
export const CutToLimit: Story = { args: { query: 'cafe '.repeat(40), view: viewOf('cafe '.repeat(40)), cutTo: 200 } };

/** On a phone, a full-screen sheet. */
export const Phone: Story = { globals: { viewport: { value: 'mobile2', isRotated: false } } };

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
  ],
};
