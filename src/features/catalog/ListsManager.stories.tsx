import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ListsManager } from './ListsManager';
import type { TaskList } from './types';

const lists: TaskList[] = [
  { id: 'list-1', name: 'Errands', archived: false, createdAt: 1 },
  { id: 'list-2', name: 'Books to read', archived: false, createdAt: 2 },
  { id: 'list-3', name: 'Summer 2025', archived: true, createdAt: 3 },
];

const meta = {
  title: 'Labels/ListsManager',
  component: ListsManager,
  args: {
    lists,
    taskCounts: { 'list-1': 3, 'list-2': 1, 'list-3': 12 },
    onCreate: fn((): string | null => null),
    onRename: fn((): string | null => null),
    onReorder: fn(),
    onArchive: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof ListsManager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Lists in their order, each with Move up/down, Archive and Delete; the archived ones below with Restore. */
export const WithLists: Story = {};

export const Empty: Story = { args: { lists: [] } };

/** Move up puts the list in the place of the one above, and says so to a screen reader. */
export const MovedUp: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Move Books to read up' }));
    await expect(args.onReorder).toHaveBeenCalledWith('list-2', 'list-1');
    await expect(canvas.getByTestId('lists-said')).toHaveTextContent('Moved Books to read to position 1 of 2.');
  },
};

/** A delete asks first, naming how many tasks go with the list. */
export const AskingToDelete: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete the list Errands' }));
    await expect(canvas.getByRole('alertdialog')).toHaveTextContent('Delete the list “Errands” and its 3 tasks? You can undo it.');
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const Deleted: Story = { args: { deleted: { name: 'Errands', onUndo: fn() } } };

export const RefusedName: Story = {
  args: { onCreate: fn(() => 'A list needs a name.') },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add list' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('A list needs a name.');
  },
};

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark bg-slate-950 p-4 text-slate-100">
        <Story />
      </div>
    ),
  ],
};
