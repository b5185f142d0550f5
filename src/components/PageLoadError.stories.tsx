import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PageLoadError } from './PageLoadError';

const meta = {
  title: 'Pages/Load error',
  component: PageLoadError,
  parameters: { layout: 'fullscreen' },
  args: { onRetry: fn() },
} satisfies Meta<typeof PageLoadError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
