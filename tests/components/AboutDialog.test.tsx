import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AboutDialog from '../../src/features/about/AboutDialog';

describe('AboutDialog', () => {
  it('is titled About Weekly Planner and lists what the planner does', () => {
    render(<AboutDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'About Weekly Planner' });
    const features = [
      'Drag and drop tasks between days',
      'Inline editing',
      'Mark complete',
      'Navigate between weeks',
      'Responsive design',
    ];
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(features.length);
    for (const name of features) expect(within(dialog).getByText(name).closest('li')).toBeVisible();
  });

  it('closes from its Close button and from a press on the backdrop', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<AboutDialog open onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // A press on the <dialog> element itself (not its content) is a press on the backdrop.
    await user.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.click(screen.getByText('Inline editing'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('is not shown while closed', () => {
    render(<AboutDialog open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
