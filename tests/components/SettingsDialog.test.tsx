import { taskEntities } from '../unit/taskFixtures';
import { screen, within } from '@testing-library/react';
import { UserMenuContainer } from '../../src/features/auth/UserMenuContainer';
import { ROLLOVER_KEY } from '../../src/features/rollover/rolloverSlice';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// The Settings dialog from the user menu: the rollover switch, and an import checked before it applies.

const here: Task[] = [{ id: 'task-1-a', title: 'Here', date: '2026-11-25', completed: false, createdAt: 1, order: 0 }];
const backup: Task[] = [
  { id: 'task-2-b', title: 'From the file', date: '2026-11-24', completed: false, createdAt: 2, order: 0 },
  { id: 'task-3-c', title: 'Also from the file', date: 'someday', completed: true, createdAt: 3, order: 0 },
];

/** jsdom's File has no text(); the browser's does. */
const file = (name: string, text: string) => Object.assign(new File([text], name, { type: 'application/json' }), { text: async () => text });

async function openSettings() {
  const storage = new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(here) });
  const rendered = renderWithProviders(<UserMenuContainer />, { storage });
  await rendered.user.click(screen.getByRole('button', { name: 'User menu' }));
  await rendered.user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  // The hidden file input is what the Import button opens.
  const chooser = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { ...rendered, dialog: within(dialog), chooser };
}

describe('Settings dialog', () => {
  it('switches rollover on and off, remembered on the device', async () => {
    const { user, dialog, storage } = await openSettings();
    const toggle = dialog.getByRole('switch', { name: 'Move unfinished tasks to today' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(storage.getItem(ROLLOVER_KEY)).toBe('on');
    await user.click(toggle);
    expect(storage.getItem(ROLLOVER_KEY)).toBeNull();
  });

  it('says how many tasks a backup holds and merges it on request', async () => {
    const { user, dialog, chooser, store } = await openSettings();
    await user.upload(chooser, file('backup.json', JSON.stringify(backup)));
    const question = await dialog.findByRole('group', { name: /This file holds 2 tasks/ });
    await user.click(within(question).getByRole('button', { name: 'Merge' }));
    expect(dialog.getByRole('status')).toHaveTextContent('Merged 2 tasks from the backup.');
    expect(Object.keys(taskEntities(store.getState().tasks)).sort()).toEqual(['task-1-a', 'task-2-b', 'task-3-c']);
  });

  it('replaces the tasks on request', async () => {
    const { user, dialog, chooser, store } = await openSettings();
    await user.upload(chooser, file('backup.json', JSON.stringify(backup)));
    await user.click(await dialog.findByRole('button', { name: 'Replace' }));
    expect(Object.keys(taskEntities(store.getState().tasks)).sort()).toEqual(['task-2-b', 'task-3-c']);
  });

  it('refuses a file that is not a backup, and changes nothing', async () => {
    const { user, dialog, chooser, store } = await openSettings();
    const before = store.getState().tasks;
    await user.upload(chooser, file('notes.json', 'shopping: milk, eggs'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This file is not a Weekly Planner backup.');
    expect(dialog.queryByRole('button', { name: 'Merge' })).not.toBeInTheDocument();
    expect(store.getState().tasks).toBe(before);
  });

  it('can be cancelled after reading the file', async () => {
    const { user, dialog, chooser, store } = await openSettings();
    const before = store.getState().tasks;
    await user.upload(chooser, file('backup.json', JSON.stringify(backup)));
    await user.click(await dialog.findByRole('button', { name: 'Cancel' }));
    expect(dialog.queryByRole('group')).not.toBeInTheDocument();
    expect(store.getState().tasks).toBe(before);
  });
});
