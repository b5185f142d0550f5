import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ScopeDialog } from './ScopeDialog';

const meta = {
  title: 'Tasks/ScopeDialog',
  component: ScopeDialog,
  args: {
    open: true,
    question: 'Delete which tasks?',
    description: '“Water plants”, Mon 30 Nov',
    choices: [
      ['following', 'This and following'],
      ['all', 'All'],
    ],
    keepLabel: 'Only this one',
    onChoose: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ScopeDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After 'Deleted “Water plants” on Mon 30 Nov, this one only': the toast's 'Not just this one…'. */
export const AfterADeletion: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'This and following' }));
    await expect(args.onChoose).toHaveBeenCalledWith('following');
  },
};

/** After a new repeat from one occurrence on: the only wider scope left is all of them. */
export const AfterANewRepeat: Story = {
  args: { question: 'Change the repeat of which tasks?', choices: [['all', 'All']], keepLabel: 'From this one on' },
};
