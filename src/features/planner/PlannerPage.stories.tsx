import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, type ReactNode } from 'react';
import { expect, fn } from 'storybook/test';
import { useAppSelector } from '../../app/hooks';
import { NavigateContext } from '../../app/navigation';
import { sampleWeekTasks, withStore } from '../../app/storyStore';
import { selectTheme } from '../theme/themeSlice';
import { PlannerPage } from './PlannerPage';

/** Follows the store's theme, so the header's theme button works here as in the app. */
function ThemeFrame({ children }: { children: ReactNode }) {
  const theme = useAppSelector(selectTheme);
  // The theme button also marks <html>; take that off again so other stories are not left dark.
  useEffect(() => () => document.documentElement.classList.remove('dark', 'light'), []);
  return <div className={theme === 'dark' ? 'dark bg-slate-950 text-slate-100' : 'bg-slate-50 text-slate-900'}>{children}</div>;
}

const frame: Decorator = (Story) => (
  // As in the app at `/`: no router, moves go through the navigation seam.
  <NavigateContext value={fn()}>
    <ThemeFrame>
      <Story />
    </ThemeFrame>
  </NavigateContext>
);

const meta = {
  title: 'Pages/Planner',
  component: PlannerPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PlannerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {
  decorators: [frame, withStore({ tasks: sampleWeekTasks(), theme: 'light' })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Dentist at 10' })).toBeVisible();
    await expect(canvas.getByRole('region', { current: 'date' })).toBeVisible();
  },
};

export const Dark: Story = {
  decorators: [frame, withStore({ tasks: sampleWeekTasks(), theme: 'dark' })],
};

export const EmptyWeek: Story = {
  decorators: [frame, withStore({ theme: 'light' })],
};
