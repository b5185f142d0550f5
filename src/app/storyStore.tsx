import type { Decorator } from '@storybook/react-vite';
import { toDayKey, weekDayKeys } from '../features/planner/week';
import { SOMEDAY, type Task } from '../features/tasks/types';
import type { Theme } from '../features/theme/themeSlice';
import type { BackendLoader } from '../lib/supabase';
import { StoryStoreProvider } from './StoryStoreProvider';

// Store fixtures for stories of connected components. No story reaches the network: the Supabase
// client never loads unless a story passes a backend of its own.

/** A backend that stays loading: the app behaves as while the client is still on its way. */
export const pendingBackend: BackendLoader = () => new Promise(() => {});

/** A backend that cannot be reached; sign-in and sign-up fail with `message`. */
export const unreachableBackend =
  (message: string): BackendLoader =>
  () =>
    Promise.reject(new Error(message));

/** A lived-in current week: a few tasks on some days (one done), none on others, two for Some Day. */
export function sampleWeekTasks(today = new Date()): Task[] {
  const [monday = '', tuesday = '', wednesday = '', , friday = ''] = weekDayKeys(toDayKey(today));
  const plan: Array<[string, string, boolean?]> = [
    [monday, 'Team stand-up', true],
    [monday, 'Review the pull request for the new sync code'],
    [tuesday, 'Buy groceries'],
    [wednesday, 'Dentist at 10'],
    [friday, 'Book train tickets'],
    [friday, 'Call the plumber about the kitchen sink and ask for a quote before the weekend'],
    [SOMEDAY, 'Learn to juggle'],
    [SOMEDAY, 'Repaint the fence'],
  ];
  return plan.map(([date, title, completed = false], index) => ({
    id: `sample-${index}`,
    title,
    date,
    completed,
    createdAt: index + 1,
    order: plan.slice(0, index).filter(([other]) => other === date).length,
  }));
}

/** A decorator giving the story a fresh store with `tasks` stored, in `theme`. */
export const withStore =
  ({ tasks = [], theme = 'light', backend = pendingBackend }: { tasks?: Task[]; theme?: Theme; backend?: BackendLoader } = {}): Decorator =>
  (Story) => (
    <StoryStoreProvider tasks={tasks} theme={theme} backend={backend}>
      <Story />
    </StoryStoreProvider>
  );
