import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { use } from 'react';
import { renderApp } from '../utils/renderApp';

// Leaving the planner while the router's chunk is still on its way: a stand-in for RoutedApp that is not
// ready until the test says so, as a slow network would leave it.
let arrive: () => void = () => {};
const arrived = new Promise<void>((resolve) => (arrive = resolve));
jest.mock('../../src/RoutedApp', () => ({
  __esModule: true,
  default: function SlowPages() {
    use(arrived);
    return <h1>Sign-in page</h1>;
  },
}));

it('keeps the planner on screen until the next page is ready', async () => {
  renderApp('/');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'User menu' }));
  // The menu's list arrives with its chunk on a first opening.
  await user.click(await screen.findByRole('menuitem', { name: 'Sign In' }));
  expect(window.location.pathname).toBe('/auth');
  // Not a blank page meanwhile: the planner stays.
  expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Sign-in page' })).not.toBeInTheDocument();

  await act(async () => arrive());
  expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
});
