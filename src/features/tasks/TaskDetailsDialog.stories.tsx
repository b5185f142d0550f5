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
    await expect(args.onSave).toHaveBeenCalledWith({ title: 'Book flights', notes: 'Compare prices first:\nhttps://example.com/flights\nWindow seat' });
  },
};

/** An occurrence of a series: what the series does (its repeat, shown in the picker too), and 'Stop repeating'. */
export const Occurrence: Story = {
  args: {
    title: 'Water plants',
    notes: '',
    series: { repeatText: 'Every Monday', repeat: { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=MO' }, firstDay: 'Mon 30 Nov 2026', lastDay: null, number: 3 },
    onMove: undefined,
    onStopRepeating: fn(),
    onDelete: fn(),
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Occurrence 3')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Repeat' })).toHaveValue('weekly');
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Title' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Title' }), 'Water the plants');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    // This occurrence alone: no question (its toast offers the others).
    await expect(args.onSave).toHaveBeenCalledWith({ title: 'Water the plants', notes: '' });
  },
};

/** With a checklist: each change is an event at once, not on Save. */
export const WithChecklist: Story = {
  args: {
    checklist: {
      items: [
        { id: 'a', text: 'Passport', done: true },
        { id: 'b', text: 'Charger', done: false },
      ],
      onAdd: fn(),
      onDoneSet: fn(),
      onTextSet: fn(),
      onMove: fn(),
      onDelete: fn(),
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Done: Charger' }));
    await expect(args.checklist!.onDoneSet).toHaveBeenCalledWith('b', true);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** On a phone it is a sheet from the bottom of the screen. */
export const Phone: Story = { globals: { viewport: { value: 'mobile2', isRotated: false } } };
