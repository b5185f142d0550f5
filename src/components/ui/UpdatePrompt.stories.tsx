import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { UpdatePrompt } from './UpdatePrompt';

const meta = {
  title: 'UI/UpdatePrompt',
  component: UpdatePrompt,
  args: { onReload: fn(), onDismiss: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof UpdatePrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('A new version is available');
    await userEvent.click(canvas.getByRole('button', { name: 'Reload' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark min-h-40 bg-slate-950">
        <Story />
      </div>
    ),
  ],
};
