import { render, screen } from '@testing-library/react';
import { Dialog } from '../../src/components/ui/Dialog';

// The <dialog>'s close event comes a task after close() in a browser (jsdom's stand-in, tests/setup-web.ts, sends it
// at once; here it is held to come late, as in Chromium). The event of the dialog's own close() must not close it
// when it has been opened again meanwhile (lists.spec's second 'Move to…', under load); the browser's own close
// (Escape) must reach the parent even when a render has shown the dialog again before its event came
// (organizeSync.spec: a live edit from the other device re-rendered the Labels dialog between Escape and its event).
function setUp() {
  const onClose = jest.fn();
  const view = (open: boolean) => (
    <Dialog open={open} onClose={onClose} title="Move “Buy stamps” to…">
      <p>Choose a day</p>
    </Dialog>
  );
  const { rerender } = render(view(true));
  const dialog = screen.getByRole('dialog', { name: 'Move “Buy stamps” to…' }) as HTMLDialogElement;
  const late: Array<() => void> = [];
  dialog.close = function close(this: HTMLDialogElement) {
    this.open = false;
    late.push(() => this.dispatchEvent(new Event('close')));
  };
  return { onClose, dialog, late, rerender: (open: boolean) => rerender(view(open)) };
}

describe('Dialog', () => {
  test('its own close, then opened again before the close event comes: the event closes nothing', () => {
    const { onClose, dialog, late, rerender } = setUp();
    rerender(false);
    expect(dialog.open).toBe(false);
    rerender(true);
    expect(dialog.open).toBe(true);
    late.forEach((fire) => fire());
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  test('Escape (the browser closes it), then a render shows it again before the event comes: the parent hears of the close', () => {
    const { onClose, dialog, rerender } = setUp();
    dialog.open = false;
    rerender(true);
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('Escape with nothing in between closes once', () => {
    const { onClose, dialog } = setUp();
    dialog.open = false;
    dialog.dispatchEvent(new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
