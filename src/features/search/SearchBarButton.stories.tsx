import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AddTodayButton } from '../tasks/AddTodayButton';
import { SearchBarButton } from './SearchBarButton';

const meta = {
  title: 'Search/SearchBarButton',
  component: SearchBarButton,
  args: { onClick: fn() },
  // Where it lives: the phone's bottom bar, beside '+'.
  decorators: [(Story) => <AddTodayButton onClick={fn()}>{<Story />}</AddTodayButton>],
  globals: { viewport: { value: 'mobile2', isRotated: false } },
} satisfies Meta<typeof SearchBarButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Phone: Story = {};

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
  ],
};
