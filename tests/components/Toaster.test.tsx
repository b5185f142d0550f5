import { act, screen } from '@testing-library/react';
import { Toaster } from '../../src/components/ui/Toaster';
import { themeToggled } from '../../src/features/theme/themeSlice';
import { notify } from '../../src/lib/notify';
import { renderWithProviders } from '../utils/renderWithProviders';

describe('Toaster and notify', () => {
  it('renders nothing until the first notification, then shows it', async () => {
    const { container } = renderWithProviders(<Toaster />);
    expect(container).toBeEmptyDOMElement();

    act(() => notify.success('Successfully signed in!'));
    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
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

  it('raises a toast only after the next frame, so the click that caused it paints first', async () => {
    renderWithProviders(<Toaster />);
    act(() => notify.success('Warm-up'));
    await screen.findByText('Warm-up');
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      act(() => notify.withAction('Deleted “Alpha”', { label: 'Undo', onClick: () => {} }));
      // Past the library's promise and a timer, still no frame: nothing yet.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByText('Deleted “Alpha”')).not.toBeInTheDocument();
      expect(frames).toHaveLength(1);
      act(() => frames.shift()!(performance.now()));
      expect(await screen.findByText('Deleted “Alpha”')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    } finally {
      raf.mockRestore();
    }
  });
});
