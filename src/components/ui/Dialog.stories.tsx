import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Button } from './Button';
import { Dialog, type DialogProps } from './Dialog';

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: {
    open: true,
    onClose: fn(),
    title: 'Keyboard shortcuts',
    description: 'Move tasks without a mouse.',
    children: (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Focus a task's handle, press Space, move it with the arrow keys and press Space again to drop it.
      </p>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const WithoutDescription: Story = { args: { description: undefined } };

export const Narrow: Story = { args: { width: 'max-w-sm' } };

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
  ],
};

/** The parent owns `open`, as the app's dialogs do: the button opens it, Close / Escape / the backdrop close it. */
function DialogWithTrigger(props: DialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Show shortcuts</Button>
      <Dialog
        {...props}
        open={open}
        onClose={() => {
          props.onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

export const OpenAndClose: Story = {
  args: { open: false },
  render: (args) => <DialogWithTrigger {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show shortcuts' }));
    // Open as a modal (not toBeVisible: it fades in from opacity 0).
    await expect(canvas.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveAttribute('open');
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('dialog')).not.toBeInTheDocument();
  },
};
