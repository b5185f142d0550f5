import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NewListButton } from './NewListButton';

const meta = {
  title: 'Catalog/NewListButton',
  component: NewListButton,
  args: { onClick: fn() },
} satisfies Meta<typeof NewListButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After the week's last column, from the first paint. */
export const Default: Story = {};
