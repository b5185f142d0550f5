import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act, screen, within } from '@testing-library/react';
import preview from '../../.storybook/preview';
import { loadCatalog } from '../../src/features/catalog/catalogHost';
import { listArchivedSet, listCreated } from '../../src/features/catalog/catalogSlice';
import LabelsDialogContainer from '../../src/features/catalog/LabelsDialogContainer';
import * as listsManagerStories from '../../src/features/catalog/ListsManager.stories';
import * as newListStories from '../../src/features/catalog/NewListForm.stories';
import { taskAdded } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { listKey } from '../../src/features/tasks/types';
import { renderWithProviders } from '../utils/renderWithProviders';

// The lists' manager (issue 43.3): its stories run with their play functions, and on the real store a delete takes the
// list's tasks, and Undo puts back the list in its place, archived as it was, with every task where it stood.

setProjectAnnotations(preview);
Object.defineProperty(navigator, 'clipboard', { value: {}, configurable: true });
beforeAll(() => loadCatalog());

describe('stories', () => {
  test.each(Object.entries(composeStories(listsManagerStories)))('ListsManager %s', async (_name, story) => {
    await story.run();
    expect(screen.getByRole('heading', { name: 'Lists' })).toBeInTheDocument();
  });
  test.each(Object.entries(composeStories(newListStories)))('NewListForm %s', async (_name, story) => {
    await story.run();
    expect(screen.queryByRole('button', { name: '+ New list' }) ?? screen.getByRole('textbox', { name: "New list's name" })).toBeInTheDocument();
  });
});

test('a delete asks, takes the list’s tasks, and Undo brings back the list (archived, in its place) and its tasks; a long name is refused', async () => {
  const { store, user } = renderWithProviders(<LabelsDialogContainer open onClose={() => {}} />);
  act(() => {
    store.dispatch(listCreated('Errands', 'list-e'));
    store.dispatch(listCreated('Old', 'list-o'));
    store.dispatch(listCreated('Books', 'list-b'));
    store.dispatch(listArchivedSet({ id: 'list-o', archived: true }));
    store.dispatch(taskAdded('Stamps', listKey('list-o')));
    store.dispatch(taskAdded('Envelopes', listKey('list-o')));
    store.dispatch(taskAdded('Milk', listKey('list-e')));
  });
  const before = selectAllTasks(store.getState());
  const dialog = screen.getByRole('dialog', { hidden: true });

  await user.click(await within(dialog).findByRole('button', { name: 'Delete the list Old', hidden: true }));
  expect(within(dialog).getByRole('alertdialog', { hidden: true })).toHaveTextContent('Delete the list “Old” and its 2 tasks? You can undo it.');
  await user.click(within(dialog).getByRole('button', { name: 'Delete list', hidden: true }));
  expect(store.getState().catalog.lists.map((list) => list.id)).toEqual(['list-e', 'list-b']);
  expect(selectAllTasks(store.getState()).map((task) => task.title)).toEqual(['Milk']);

  await user.click(within(dialog).getByRole('button', { name: 'Undo', hidden: true }));
  expect(store.getState().catalog.lists).toMatchObject([{ id: 'list-e' }, { id: 'list-o', archived: true }, { id: 'list-b' }]);
  expect(selectAllTasks(store.getState())).toEqual(before);

  // A name over 100 characters is refused with a reason; nothing is stored.
  await user.type(within(dialog).getByRole('textbox', { name: "New list's name", hidden: true }), 'x'.repeat(101));
  await user.click(within(dialog).getByRole('button', { name: 'Add list', hidden: true }));
  expect(within(dialog).getByRole('alert', { hidden: true })).toHaveTextContent("A list's name can be at most 100 characters (this one has 101).");
  expect(store.getState().catalog.lists).toHaveLength(3);
});
