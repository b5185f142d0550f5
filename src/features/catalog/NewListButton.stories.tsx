import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { HeldListNameField, NewListButton } from './NewListButton';

const meta = {
  title: 'Catalog/NewListButton',
  component: NewListButton,
  args: { onClick: fn() },
} satisfies Meta<typeof NewListButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After the week's last column, from the first paint. */
export const Default: Story = {};

/** The name field '+ New list' opens at once, while the form's code is on its way; the form takes over what it holds. */
export const WhileTheFormComes: Story = {
  render: () => <HeldListNameField onCancel={fn()} />,
};
