import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LabelFilterButton } from './LabelFilterButton';

const meta = {
  title: 'Labels/LabelFilterButton',
  component: LabelFilterButton,
  args: { chosen: [], onClick: fn() },
} satisfies Meta<typeof LabelFilterButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const Filtering: Story = { args: { chosen: ['Work', 'Errands'] } };
