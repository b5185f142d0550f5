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

export const AddsOnEnter: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: args.label }), '  Buy groceries {Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith('Buy groceries');
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
