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

/** On a phone the '+' sits on a bar along the bottom, so no card's control scrolls under it. */
export const Phone: Story = { globals: { viewport: { value: 'mobile2', isRotated: false } } };
