import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TaskCard } from './TaskCard';

const meta = {
  title: 'Tasks/TaskCard',
  component: TaskCard,
  args: {
    title: 'Write the weekly report',
    completed: false,
    onToggleComplete: fn(),
    onDelete: fn(),
    onRename: fn(),
  },
  decorators: [
    (Story) => (
      <ul className="w-64">
        <Story />
      </ul>
    ),
  ],
} satisfies Meta<typeof TaskCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {};

export const Completed: Story = { args: { completed: true } };

export const Editing: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: args.title }));
    await expect(canvas.getByRole('textbox', { name: `Edit "${args.title}"` })).toHaveFocus();
  },
};

/** A checklist's progress, named in words for screen readers. */
export const WithChecklist: Story = {
  args: { progress: { done: 2, total: 5 }, hasNotes: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Checklist: 2 of 5 done' })).toHaveTextContent('2/5');
  },
};

export const ChecklistDone: Story = { args: { progress: { done: 3, total: 3 }, completed: true } };

export const LongTitle: Story = {
  args: { title: 'Call the dentist about moving the check-up to a morning slot, and ask whether the new insurance card works' },
};

/** In the planner each card offers 'Move to…' (on a touch screen beside delete, with a mouse on keyboard focus). */
export const WithMoveTo: Story = {
  args: { onMoveRequest: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: `Move "${args.title}" to…` }));
    await expect(args.onMoveRequest).toHaveBeenCalled();
  },
};

/** A phone: on a touch screen every control is at least 44 px square and the grip gives its place to the title. */
export const Phone: Story = {
  args: { onMoveRequest: fn() },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  decorators: [
    (Story) => (
      <ul className="w-[358px]">
        <Story />
      </ul>
    ),
  ],
};

export const DraggingPlaceholder: Story = { args: { isDragging: true } };

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <div className="bg-slate-950 p-4 text-slate-100">
          <Story />
        </div>
      </div>
    ),
  ],
};

/** An occurrence of a series: the repeat mark, its rule in words as the card's description, a notes mark and 'Details'. */
export const Repeating: Story = {
  args: { title: 'Water plants', repeat: { text: 'Every Monday', id: 'story-repeat' }, hasNotes: true, onOpenDetails: fn() },
  play: async ({ canvas, args, userEvent }) => {
    const described = canvas.getByRole('button', { name: 'Water plants' }).getAttribute('aria-describedby');
    await expect(document.getElementById(described!)).toHaveTextContent('Every Monday');
    await expect(canvas.getByRole('img', { name: 'Has notes' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Details of "Water plants"' }));
    await expect(args.onOpenDetails).toHaveBeenCalled();
  },
};

export const WithLabels: Story = {
  args: {
    title: 'Call the bank',
    labels: [
      { id: 'l1', name: 'Errands', colour: 'orange' },
      { id: 'l2', name: 'Money', colour: 'green' },
    ],
  },
};

export const WithLabelsCompletedDark: Story = {
  args: { ...WithLabels.args, completed: true },
  decorators: Dark.decorators,
};
