import { render, screen } from '@testing-library/react';
import { Dialog } from '../../src/components/ui/Dialog';

// The <dialog>'s close event: Escape (the browser closes it) reaches the parent's onClose; a close event that arrives
// while the dialog is open again (the browser fires it a task after close(), and the dialog was closed and opened
// again within that task) is not a close.
describe('Dialog', () => {
  test('a close event while the dialog is open again is ignored; one after the browser closed it closes', () => {
    const onClose = jest.fn();
    render(
      <Dialog open onClose={onClose} title="Move “Buy stamps” to…">
        <p>Choose a day</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Move “Buy stamps” to…' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    // The previous close's event, late: the dialog is open.
    dialog.dispatchEvent(new Event('close'));
    expect(onClose).not.toHaveBeenCalled();
    // Escape: the browser has closed it, then the event comes.
    dialog.open = false;
    dialog.dispatchEvent(new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
