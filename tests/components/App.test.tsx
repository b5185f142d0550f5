import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../utils/renderApp';

// The app as main.tsx mounts it: the planner at `/` without React Router, the router from the first move on.

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // NotFoundPage logs the path it was asked for; the load failure logs its cause.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

const CHUNK_WAIT_MS = 10_000;

it('shows the planner at / and moves to another page on Back or Forward to it', async () => {
  renderApp('/');
  expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();

  act(() => {
    window.history.pushState(null, '', '/nowhere');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  // The router and the page are lazy chunks: their first import compiles them, which on a cold Jest cache on a
  // loaded machine took more than findBy's default second (a fresh clone's run beside another).
  expect(await screen.findByRole('heading', { name: 'Oops! Page not found' }, { timeout: CHUNK_WAIT_MS })).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/nowhere');

  // From then on the router moves, the planner included.
  await userEvent.click(screen.getByRole('link', { name: 'Return to Home' }));
  expect(window.location.pathname).toBe('/');
  expect(await screen.findByRole('button', { name: 'User menu' })).toBeInTheDocument();
});

it('starts on another page with the router', async () => {
  renderApp('/missing');
  expect(await screen.findByRole('heading', { name: 'Oops! Page not found' }, { timeout: CHUNK_WAIT_MS })).toBeInTheDocument();
});
