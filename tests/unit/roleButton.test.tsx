import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleButtonKeys } from '../../src/lib/roleButton';

function renderButtons() {
  const onFirst = jest.fn();
  const onSecond = jest.fn();
  render(
    <div>
      <span role="button" tabIndex={0} aria-label="First" onClick={onFirst} {...roleButtonKeys} />
      <span role="button" tabIndex={0} aria-label="Second" onClick={onSecond} {...roleButtonKeys} />
    </div>,
  );
  return { onFirst, onSecond, first: screen.getByRole('button', { name: 'First' }), second: screen.getByRole('button', { name: 'Second' }) };
}

describe('roleButtonKeys', () => {
  it('clicks on Enter and on Space, as a native button does', async () => {
    const user = userEvent.setup();
    const { onFirst, first } = renderButtons();
    first.focus();
    await user.keyboard('{Enter}');
    expect(onFirst).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(onFirst).toHaveBeenCalledTimes(2);
  });

  it('clicks once for a held Enter, and keeps the page from scrolling on Space', () => {
    const { onFirst, first } = renderButtons();
    fireEvent.keyDown(first, { key: 'Enter' });
    fireEvent.keyDown(first, { key: 'Enter', repeat: true });
    fireEvent.keyDown(first, { key: 'Enter', repeat: true });
    expect(onFirst).toHaveBeenCalledTimes(1);
    // fireEvent returns false when the default action was prevented.
    expect(fireEvent.keyDown(first, { key: ' ' })).toBe(false);
    expect(onFirst).toHaveBeenCalledTimes(1);
    fireEvent.keyUp(first, { key: ' ' });
    expect(onFirst).toHaveBeenCalledTimes(2);
  });

  it('clicks on a Space keyup only where its keydown was, once for that keydown', () => {
    const { onFirst, onSecond, first, second } = renderButtons();
    fireEvent.keyUp(first, { key: ' ' });
    expect(onFirst).not.toHaveBeenCalled();
    fireEvent.keyDown(first, { key: ' ' });
    fireEvent.keyUp(second, { key: ' ' });
    expect(onSecond).not.toHaveBeenCalled();
    fireEvent.keyUp(first, { key: ' ' });
    expect(onFirst).not.toHaveBeenCalled();
    fireEvent.keyDown(first, { key: ' ' });
    fireEvent.keyUp(first, { key: ' ' });
    expect(onFirst).toHaveBeenCalledTimes(1);
  });

  it('leaves other keys and keys from inside the element alone', () => {
    const onClick = jest.fn();
    render(
      <span role="button" tabIndex={0} aria-label="Outer" onClick={onClick} {...roleButtonKeys}>
        <input aria-label="Inner" />
      </span>,
    );
    expect(fireEvent.keyDown(screen.getByRole('button', { name: 'Outer' }), { key: 'a' })).toBe(true);
    expect(fireEvent.keyDown(screen.getByRole('textbox', { name: 'Inner' }), { key: 'Enter' })).toBe(true);
    expect(onClick).not.toHaveBeenCalled();
  });
});
