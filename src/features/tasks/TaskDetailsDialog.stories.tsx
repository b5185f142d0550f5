import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TaskDetailsDialog } from './TaskDetailsDialog';

const meta = {
  title: 'Tasks/TaskDetailsDialog',
  component: TaskDetailsDialog,
  args: {
    open: true,
    title: 'Book flights',
    notes: 'Compare prices first:\nhttps://example.com/flights',
    onSave: fn(),
    onMove: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof TaskDetailsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A plain task: its links are listed under the notes; saving a change is one call. */
export const PlainTask: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'https://example.com/flights' })).toHaveAttribute('target', '_blank');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Notes' }), '\nWindow seat');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    // No scope: a plain task's change is for itself.
    await expect(args.onSave).toHaveBeenCalledWith({ title: 'Book flights', notes: 'Compare prices first:\nhttps://example.com/flights\nWindow seat' }, undefined);
  },
};

/** An occurrence of a series: its repeat under the title, 'Stop repeating', and the scope question on saving. */
export const Occurrence: Story = {
  args: { title: 'Water plants', notes: '', repeatText: 'Every Monday', onMove: undefined, onStopRepeating: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Title' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Title' }), 'Water the plants');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await userEvent.click(canvas.getByRole('button', { name: 'This and following' }));
    await expect(args.onSave).toHaveBeenCalledWith({ title: 'Water the plants', notes: '' }, 'following');
  },
};

/** On a phone it is a sheet from the bottom of the screen. */
export const Phone: Story = { globals: { viewport: { value: 'mobile2', isRotated: false } } };
