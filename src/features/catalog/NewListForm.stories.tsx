import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { NewListForm } from './NewListForm';

const meta = {
  title: 'Catalog/NewListForm',
  component: NewListForm,
  args: { onCreate: fn(async (name: string) => (name.trim() ? null : 'A list needs a name.')) },
} satisfies Meta<typeof NewListForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After the week's last column. */
export const Closed: Story = {};

/** A press opens the name field; Enter makes the list. */
export const Creating: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '+ New list' }));
    await userEvent.type(canvas.getByRole('textbox', { name: "New list's name" }), 'Errands{Enter}');
    await expect(args.onCreate).toHaveBeenCalledWith('Errands');
  },
};

/** A list with no name is refused with a reason, and the field stays open. */
export const Refused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '+ New list' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add list' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('A list needs a name.');
  },
};
