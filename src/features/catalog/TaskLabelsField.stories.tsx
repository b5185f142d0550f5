import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TaskLabelsField } from './TaskLabelsField';
import type { Label } from './types';

const labels: Label[] = [
  { id: 'l1', name: 'Errands', colour: 'orange', createdAt: 1 },
  { id: 'l2', name: 'Home', colour: 'green', createdAt: 2 },
  { id: 'l3', name: 'Work', colour: 'blue', createdAt: 3 },
];

const meta = {
  title: 'Labels/TaskLabelsField',
  component: TaskLabelsField,
  args: { labels, chosen: ['l2'], onChange: fn(), onCreate: fn((): string | null => null) },
} satisfies Meta<typeof TaskLabelsField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneChosen: Story = {
  play: async ({ args, canvasElement }) => {
    const field = within(canvasElement);
    await userEvent.click(field.getByRole('checkbox', { name: 'Work' }));
    await expect(args.onChange).toHaveBeenCalledWith(['l2', 'l3']);
  },
};

export const NoLabelsYet: Story = { args: { labels: [], chosen: [] } };

export const TooLong: Story = {
  args: { onCreate: fn(() => "A label's name can be at most 100 characters (this one has 120).") },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement);
    await userEvent.type(field.getByRole('textbox', { name: 'New label for this task' }), 'x'.repeat(20));
    await userEvent.click(field.getByRole('button', { name: 'Add label' }));
    await expect(await field.findByRole('alert')).toHaveTextContent('at most 100 characters');
  },
};

/** An occurrence's details: the labels are the series', on every occurrence. */
export const ForSeries: Story = {
  args: { forSeries: true },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement);
    await expect(field.getByRole('group', { name: 'Labels' })).toHaveAccessibleDescription('Every occurrence of this repeating task carries them.');
    await expect(field.getByRole('textbox', { name: 'New label for this repeating task' })).toBeInTheDocument();
  },
};
