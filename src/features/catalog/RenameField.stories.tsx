import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { RenameField } from './RenameField';

// The rename-in-place field of 'Labels and lists' (a label's row and a list's row): Enter or leaving the field saves,
// Escape puts back the stored name, a refusal is said under the row.

const meta = {
  title: 'Labels/RenameField',
  component: RenameField,
  args: { name: 'Errands', label: 'Name of the list Errands', onRename: fn((): string | null => null) },
  decorators: [
    (Story) => (
      <ul className="w-96">
        <li>
          <Story />
        </li>
      </ul>
    ),
  ],
} satisfies Meta<typeof RenameField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Enter saves the typed name; the field then reads as stored (trimmed, inner spaces folded). */
export const Renamed: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Name of the list Errands' });
    await userEvent.clear(field);
    await userEvent.type(field, '  Shops   and post {Enter}');
    await expect(args.onRename).toHaveBeenCalledWith('  Shops   and post ');
    await expect(field).toHaveValue('Shops and post');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** A refused name is said under the row, tied to the field; the typed text stays to be corrected. */
export const Refused: Story = {
  args: { onRename: fn(() => 'A list needs a name.') },
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Name of the list Errands' });
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    await expect(args.onRename).toHaveBeenCalledWith('');
    await expect(canvas.getByRole('alert')).toHaveTextContent('A list needs a name.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('A list needs a name.');
  },
};

/** After a refusal, Escape puts back the stored name and clears it; nothing more is saved. */
export const Cancelled: Story = {
  args: Refused.args,
  play: async (context) => {
    await Refused.play!(context);
    const { args, canvas, userEvent } = context;
    const field = canvas.getByRole('textbox', { name: 'Name of the list Errands' });
    await userEvent.keyboard('{Escape}');
    await expect(field).toHaveValue('Errands');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(args.onRename).toHaveBeenCalledTimes(1);
  },
};

/** A label's row: its chip before the field, its colour and Delete after. */
export const WithRowControls: Story = {
  args: {
    name: 'Work',
    label: 'Name of the label Work',
    before: (
      <span className="label-chip ml-0 shrink-0" data-colour="blue" aria-hidden="true">
        Work
      </span>
    ),
    children: (
      <button type="button" className="text-sm">
        Delete
      </button>
    ),
  },
};
