import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import LabelFilterDialog, { type LabelFilterDialogProps } from './LabelFilterDialog';
import type { Label } from './types';

const labels: Label[] = [
  { id: 'l1', name: 'Errands', colour: 'orange', createdAt: 1 },
  { id: 'l2', name: 'Home', colour: 'green', createdAt: 2 },
  { id: 'l3', name: 'Work', colour: 'blue', createdAt: 3 },
];

const meta = {
  title: 'Labels/LabelFilterDialog',
  component: LabelFilterDialog,
  args: { open: true, labels, chosen: [], onChange: fn(), onClose: fn() },
} satisfies Meta<typeof LabelFilterDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingChosen: Story = {};

export const OneChosen: Story = { args: { chosen: ['l3'] } };

export const TickingLabels: Story = {
  render: (args) => <Ticking {...args} />,
  play: async ({ args, canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Work' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['l3']);
    await userEvent.click(dialog.getByRole('button', { name: 'Show all tasks' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([]);
  },
};

function Ticking(args: LabelFilterDialogProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const onChange = (ids: string[]) => {
    setChosen(ids);
    args.onChange(ids);
  };
  return <LabelFilterDialog {...args} chosen={chosen} onChange={onChange} />;
}

export const Dark: Story = {
  args: { chosen: ['l1'] },
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
  ],
};
