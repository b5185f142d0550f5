import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { UserMenuContainer } from '../../src/features/auth/UserMenuContainer';
import { renderWithProviders } from '../utils/renderWithProviders';

function renderContainer() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<UserMenuContainer />} />
      <Route path="/auth" element={<p>Sign-in page</p>} />
    </Routes>,
  );
}

describe('UserMenuContainer for a visitor', () => {
  it('opens the About dialog from About, and closes it again', async () => {
    const { user } = renderContainer();
    const trigger = screen.getByRole('button', { name: 'User menu' });
    await user.click(trigger);
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['About', 'Labels and lists', 'Settings', 'Print week', 'Go Premium', 'Sign In']);
    await user.click(await screen.findByRole('menuitem', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Weekly Planner' });
    expect(within(dialog).getByText('Navigate between weeks')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the Premium dialog from Go Premium, with sign-in buttons disabled', async () => {
    // The open dialog starts loading the sign-in client, which jsdom (no fetch) cannot run.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderContainer();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Go Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go Premium' });
    const buttons = within(dialog).getAllByRole('button', { name: 'Sign in to Subscribe' });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toBeDisabled();

    await user.click(within(dialog).getByRole('link', { name: 'Already have an account? Sign in here' }));
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load the sign-in client', expect.any(ReferenceError)));
    warn.mockRestore();
  });

  it('goes to /auth from Sign In', async () => {
    const { user } = renderContainer();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign In' }));
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
  });
});
