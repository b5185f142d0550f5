import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import AboutDialog from './AboutDialog';

const meta = {
  title: 'Dialogs/About',
  component: AboutDialog,
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof AboutDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
  ],
};
