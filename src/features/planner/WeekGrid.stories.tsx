import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { sampleWeekTasks, withStore } from '../../app/storyStore';
import { PlannerDndProvider } from '../dnd/PlannerDndProvider';
import { toDayKey, weekDayKeys } from './week';
import { WeekGrid } from './WeekGrid';

// WeekGrid is wired to the store (each column selects its own tasks) and to drag and drop.
const meta = {
  title: 'Planner/WeekGrid',
  component: WeekGrid,
  args: { days: weekDayKeys(toDayKey(new Date())) },
  parameters: { layout: 'fullscreen' },
  // Inside the story's store decorator, which differs per story.
  render: (args) => (
    <div className="p-4">
      <PlannerDndProvider>
        <WeekGrid {...args} />
      </PlannerDndProvider>
    </div>
  ),
} satisfies Meta<typeof WeekGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTasks: Story = {
  decorators: [withStore({ tasks: sampleWeekTasks() })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Buy groceries' })).toBeVisible();
  },
};

export const EmptyWeek: Story = {
  decorators: [withStore()],
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('No tasks yet')).toHaveLength(8);
  },
};

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark min-h-screen bg-slate-950 text-slate-100">
        <Story />
      </div>
    ),
    withStore({ tasks: sampleWeekTasks(), theme: 'dark' }),
  ],
};
