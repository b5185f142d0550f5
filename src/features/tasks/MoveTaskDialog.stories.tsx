import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MoveTaskDialog } from './MoveTaskDialog';

const days = (monday: number, month: string, dates: string[]) =>
  ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day, i) => ({ date: dates[i]!, label: `${day} ${monday + i} ${month}` }));

const meta = {
  title: 'Tasks/MoveTaskDialog',
  component: MoveTaskDialog,
  args: {
    open: true,
    taskTitle: 'Buy groceries',
    currentDate: '2026-11-24',
    weeks: [
      { name: 'This week', days: days(23, 'Nov', ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']) },
      { name: 'Next week', days: ['Mon 30 Nov', 'Tue 1 Dec', 'Wed 2 Dec', 'Thu 3 Dec', 'Fri 4 Dec', 'Sat 5 Dec', 'Sun 6 Dec'].map((label, i) => ({ date: `2026-12-0${i}`, label })) },
    ],
    onMove: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof MoveTaskDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Tue 24 Nov' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Some Day' }));
    await expect(args.onMove).toHaveBeenCalledWith('someday');
  },
};

/** With named lists: they come after Some Day. */
export const WithLists: Story = {
  args: { lists: [{ date: 'list:list-1', label: 'Errands' }, { date: 'list:list-2', label: 'Books to read' }] },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Errands' }));
    await expect(args.onMove).toHaveBeenCalledWith('list:list-1');
  },
};

/** On a phone the days come three to a row, each a finger-sized button. */
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
