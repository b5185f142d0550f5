import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { UndoLine } from './UndoLine';

const meta = {
  title: 'UI/UndoLine',
  component: UndoLine,
  args: { children: 'Deleted the label “Work”.', onUndo: fn() },
} satisfies Meta<typeof UndoLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
