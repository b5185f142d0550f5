import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AddTodayButton } from './AddTodayButton';

const meta = {
  title: 'Tasks/AddTodayButton',
  component: AddTodayButton,
  args: { onClick: fn() },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="h-48">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AddTodayButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Floating: Story = {};
