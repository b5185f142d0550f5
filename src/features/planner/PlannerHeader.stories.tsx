import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DayStrip } from './DayStrip';
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

const week = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((weekday, i) => ({
  date: `2026-11-${23 + i}`,
  weekday,
  day: String(23 + i),
  label: `${weekday} ${23 + i} Nov`,
  isToday: i === 2,
}));

/** A phone: one row of finger-sized buttons, and the day strip under it (today marked). */
export const Phone: Story = {
  args: { title: 'Nov 2026', strip: <DayStrip days={week} onJump={fn()} /> },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
};

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
