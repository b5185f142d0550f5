import { screen } from '@testing-library/react';
import { renderApp } from '../utils/renderApp';

// The router's chunk cannot be fetched (offline with no cached copy, or a deploy replaced it).
jest.mock('../../src/RoutedApp', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

it('says a page could not be loaded and offers another try, instead of a blank page', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  renderApp('/home');
  expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
