import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AddTaskInput } from './AddTaskInput';

const meta = {
  title: 'Tasks/AddTaskInput',
  component: AddTaskInput,
  args: { label: 'New task for Mon 23 Nov', onAdd: fn(), onClose: fn() },
  decorators: [
    (Story) => (
      <div className="w-60">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AddTaskInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** Enter adds and leaves the line empty and focused for the next task. */
export const AddsOnEnter: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: args.label });
    await userEvent.type(input, '  Buy groceries {Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith('Buy groceries');
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

export const ClosesOnEscape: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: args.label }), 'Never mind{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

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
