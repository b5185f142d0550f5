import { act, screen } from '@testing-library/react';
import { Toaster } from '../../src/components/ui/Toaster';
import { themeToggled } from '../../src/features/theme/themeSlice';
import { notify, toasts } from '../../src/lib/notify';
import { renderWithProviders } from '../utils/renderWithProviders';

describe('Toaster and notify', () => {
  it('renders nothing until the first notification, then shows it', async () => {
    const { container } = renderWithProviders(<Toaster />);
    expect(container).toBeEmptyDOMElement();

    act(() => notify.success('Successfully signed in!'));
    // Raised after the task that asked for it (a click's dispatch), so nothing of it is fetched or rendered there.
    expect(toasts.requested()).toBe(false);
    expect(container).toBeEmptyDOMElement();
    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
    expect(toasts.requested()).toBe(true);
    act(() => notify.error('Failed to sign out'));
    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
  });

  it("follows the app's theme", async () => {
    const { store } = renderWithProviders(<Toaster />, { preloadedState: { theme: 'light' } });
    act(() => notify.success('Opening billing portal...'));
    await screen.findByText('Opening billing portal...');
    const toaster = () => document.querySelector('[data-sonner-toaster]');
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'light');
    act(() => {
      store.dispatch(themeToggled());
    });
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'dark');
  });
});
