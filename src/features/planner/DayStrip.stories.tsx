import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DayStrip } from './DayStrip';

const meta = {
  title: 'Planner/DayStrip',
  component: DayStrip,
  args: {
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((weekday, i) => ({
      date: `2026-11-${23 + i}`,
      weekday,
      day: String(23 + i),
      label: `${weekday} ${23 + i} Nov`,
      isToday: i === 2,
    })),
    onJump: fn(),
  },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
} satisfies Meta<typeof DayStrip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Under the header on a phone: a press brings that day's heading under the header. */
export const Phone: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Some Day' }));
    await expect(args.onJump).toHaveBeenCalledWith('someday');
    // Named by what it shows, then the month (WCAG 2.5.3).
    await expect(canvas.getByRole('button', { name: 'Mon 23 Nov' })).toHaveTextContent(/^Mon 23/);
  },
};

/** With named lists after Some Day: the strip scrolls sideways. */
export const WithLists: Story = {
  args: { lists: [{ id: 'list-1', name: 'Errands' }, { id: 'list-2', name: 'Books to read' }] },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Errands' }));
    await expect(args.onJump).toHaveBeenCalledWith('list:list-1');
  },
};

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <div className="bg-slate-950 text-slate-100">
          <Story />
        </div>
      </div>
    ),
  ],
};
