import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import preview from '../../.storybook/preview';
import { AppUpdatePrompt } from '../../src/components/ui/AppUpdatePrompt';
import * as stories from '../../src/components/ui/UpdatePrompt.stories';
import { announceUpdate } from '../../src/lib/appUpdate';

setProjectAnnotations(preview);
Object.defineProperty(navigator, 'clipboard', { value: {}, configurable: true });
const { Light, Dark } = composeStories(stories);

describe('AppUpdatePrompt', () => {
  it('shows nothing until a new version waits, then applies it only on Reload; Dismiss hides it', async () => {
    const user = userEvent.setup();
    const apply = jest.fn();
    const { container, unmount } = render(<AppUpdatePrompt />);
    expect(container).toBeEmptyDOMElement();

    act(() => announceUpdate(apply));
    expect(await screen.findByRole('status')).toHaveTextContent('A new version is available');
    expect(apply).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(apply).toHaveBeenCalledTimes(1);
    unmount();
  });
});

// Last: a composed story's render outlives its test.
describe('UpdatePrompt stories', () => {
  it.each([
    ['Light', Light],
    ['Dark', Dark],
  ])('%s', async (_name, story) => {
    await story.run();
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  });
});
