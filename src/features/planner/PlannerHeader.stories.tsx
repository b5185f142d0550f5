import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PlannerHeader } from './PlannerHeader';

const meta = {
  title: 'Planner/PlannerHeader',
  component: PlannerHeader,
  args: {
    title: 'Nov – Dec 2026',
    theme: 'light',
    onPreviousWeek: fn(),
    onNextWeek: fn(),
    onToday: fn(),
    onToggleTheme: fn(),
    onUndo: fn(),
    onRedo: fn(),
    canUndo: true,
    canRedo: false,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PlannerHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {};

export const NothingToUndo: Story = { args: { canUndo: false, canRedo: false } };

export const Dark: Story = {
  args: { theme: 'dark' },
  decorators: [
    (Story) => (
      <div className="dark">
        <div className="min-h-24 bg-slate-950 text-slate-100">
          <Story />
        </div>
      </div>
    ),
  ],
};
