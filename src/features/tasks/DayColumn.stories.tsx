import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DayColumn } from './DayColumn';
import { TaskCard } from './TaskCard';

const tasks = [
  { title: 'Team stand-up', completed: true },
  { title: 'Review the pull request for the new sync code', completed: false },
  { title: 'Buy groceries', completed: false },
  { title: 'Book train tickets', completed: false },
];

const cards = (list: typeof tasks) =>
  list.map((task) => <TaskCard key={task.title} {...task} onToggleComplete={fn()} onDelete={fn()} onRename={fn()} />);

const meta = {
  title: 'Tasks/DayColumn',
  component: DayColumn,
  args: {
    title: 'Mon',
    dateLabel: '23 Nov',
    taskCount: 0,
    onToggleSelected: fn(),
    onAddTask: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-60">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DayColumn>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Full: Story = {
  args: { taskCount: tasks.length, children: cards(tasks) },
};

export const Today: Story = {
  args: { isToday: true, taskCount: 2, children: cards(tasks.slice(0, 2)) },
};

export const Selected: Story = {
  args: { selected: true, taskCount: 1, children: cards(tasks.slice(2, 3)) },
};

export const SomeDay: Story = {
  args: { title: 'Some Day', dateLabel: undefined, taskCount: 1, children: cards(tasks.slice(3)) },
};

export const DropTarget: Story = {
  args: { isOver: true, taskCount: 1, children: cards(tasks.slice(1, 2)) },
};

export const Adding: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add task to Mon 23 Nov' }));
  },
};

const phone = { viewport: { value: 'mobile2', isRotated: false } };

/** A phone's agenda: an empty day is one line, heading, 'No tasks yet' and add. */
export const PhoneEmpty: Story = { globals: phone };

/** A phone's agenda: the heading sticks under the page's header while the day's tasks scroll by. */
export const PhoneFull: Story = { globals: phone, args: { isToday: true, taskCount: tasks.length, children: cards(tasks) } };
