import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import LabelsDialog from './LabelsDialog';
import type { Label } from './types';

const labels: Label[] = [
  { id: 'l1', name: 'Errands', colour: 'orange', createdAt: 1 },
  { id: 'l2', name: 'Home', colour: 'green', createdAt: 2 },
  { id: 'l3', name: 'Work', colour: 'blue', createdAt: 3 },
];

const meta = {
  title: 'Labels/LabelsDialog',
  component: LabelsDialog,
  args: { open: true, onClose: fn(), labels, onCreate: fn((): string | null => null), onRename: fn((): string | null => null), onRecolour: fn(), onDelete: fn() },
} satisfies Meta<typeof LabelsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithLabels: Story = {};

export const Empty: Story = { args: { labels: [] } };

export const RefusedName: Story = {
  args: { onCreate: fn(() => 'There is already a label named “Work”.') },
  play: async ({ args, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.type(page.getByRole('textbox', { name: "New label's name" }), 'work');
    await userEvent.click(page.getByRole('button', { name: 'Add label' }));
    await expect(args.onCreate).toHaveBeenCalledWith('work', 'teal');
    await expect(await page.findByRole('alert')).toHaveTextContent('There is already a label named “Work”.');
  },
};

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
  ],
};
