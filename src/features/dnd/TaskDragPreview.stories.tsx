import type { Meta, StoryObj } from '@storybook/react-vite';
import { TaskDragPreview } from './TaskDragPreview';

const meta = {
  title: 'Drag and drop/TaskDragPreview',
  component: TaskDragPreview,
  parameters: { layout: 'centered' },
  args: { title: 'Buy groceries', completed: false, width: 200 },
} satisfies Meta<typeof TaskDragPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Completed: Story = { args: { completed: true } };
export const LongTitle: Story = { args: { title: 'Call the plumber about the kitchen sink and ask for a quote before Friday' } };
export const NaturalWidth: Story = { args: { width: undefined } };
