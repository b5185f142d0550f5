import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Menu, MenuButton } from './Menu';
import { MenuItem, MenuList, MenuSeparator } from './MenuList';

// UserMenu's stories cover the end-aligned menu opened by click; these cover the rest of the pattern.

interface DemoProps {
  align: 'start' | 'end';
  onRename: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onOpenChange: (open: boolean) => void;
}

function DemoMenu({ align, onRename, onDuplicate, onDelete, onOpenChange }: DemoProps) {
  return (
    <Menu onOpenChange={onOpenChange}>
      <MenuButton className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700">Task actions</MenuButton>
      <MenuList align={align}>
        <MenuItem onSelect={onRename}>Rename</MenuItem>
        <MenuItem onSelect={onDuplicate}>Duplicate</MenuItem>
        <MenuItem disabled>Share (coming soon)</MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={onDelete} className="text-red-600 dark:text-red-400">
          Delete
        </MenuItem>
      </MenuList>
    </Menu>
  );
}

const meta = {
  title: 'UI/Menu',
  component: DemoMenu,
  args: { align: 'start', onRename: fn(), onDuplicate: fn(), onDelete: fn(), onOpenChange: fn() },
  decorators: [
    (Story) => (
      <div className="h-72 p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DemoMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const OpenedWithArrowUp: Story = {
  play: async ({ args, canvas, userEvent }) => {
    canvas.getByRole('button', { name: 'Task actions' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
  },
};

export const TypeaheadAndSelect: Story = {
  play: async ({ args, canvas, userEvent }) => {
    canvas.getByRole('button', { name: 'Task actions' }).focus();
    await userEvent.keyboard('{ArrowDown}d');
    await expect(canvas.getByRole('menuitem', { name: 'Duplicate' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDuplicate).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('menu')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Task actions' })).toHaveFocus();
  },
};

export const DarkOpen: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Task actions' }));
  },
  decorators: [
    (Story) => (
      <div className="dark h-full rounded-xl bg-slate-950 p-4 text-slate-100">
        <Story />
      </div>
    ),
  ],
};
