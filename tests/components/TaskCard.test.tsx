import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { TaskCard, type TaskCardProps } from '../../src/features/tasks/TaskCard';

function renderCard(props: Partial<TaskCardProps> = {}) {
  const handlers = { onToggleComplete: jest.fn(), onDelete: jest.fn(), onRename: jest.fn() };
  const user = userEvent.setup();
  render(
    <ul>
      <TaskCard title="Buy milk" completed={false} {...handlers} {...props} />
    </ul>,
  );
  return { ...handlers, user };
}

describe('TaskCard', () => {
  it('shows the title, a check button and a delete button', async () => {
    const { user, onToggleComplete, onDelete } = renderCard();
    expect(screen.getByRole('button', { name: 'Buy milk' })).toBeInTheDocument();
    const check = screen.getByRole('button', { name: 'Mark "Buy milk" complete' });
    expect(check).toHaveAttribute('aria-pressed', 'false');
    await user.click(check);
    expect(onToggleComplete).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete "Buy milk"' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it("its check and delete are native buttons; 'Move to…' shows only where the planner offers it", async () => {
    const onMoveRequest = jest.fn();
    const { user } = renderCard({ onMoveRequest });
    for (const name of ['Mark "Buy milk" complete', 'Delete "Buy milk"', 'Move "Buy milk" to…']) {
      expect(screen.getByRole('button', { name }).tagName).toBe('BUTTON');
      expect(screen.getByRole('button', { name })).toHaveAttribute('type', 'button');
    }
    await user.click(screen.getByRole('button', { name: 'Move "Buy milk" to…' }));
    expect(onMoveRequest).toHaveBeenCalledTimes(1);
  });

  it("has no 'Move to…' without a handler", () => {
    renderCard();
    expect(screen.queryByRole('button', { name: /^Move "Buy milk" to/ })).not.toBeInTheDocument();
  });

  it('leaves focus where it was on a mouse click of the check or delete button; the keyboard acts on them focused', async () => {
    const { user, onToggleComplete, onDelete } = renderCard();
    const title = screen.getByRole('button', { name: 'Buy milk' });
    title.focus();
    await user.click(screen.getByRole('button', { name: 'Mark "Buy milk" complete' }));
    await user.click(screen.getByRole('button', { name: 'Delete "Buy milk"' }));
    expect(onToggleComplete).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(title).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete "Buy milk"' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(2);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Mark "Buy milk" complete' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onToggleComplete).toHaveBeenCalledTimes(2);
  });

  it('shows a completed task faded with its title struck through', () => {
    renderCard({ completed: true });
    const check = screen.getByRole('button', { name: 'Mark "Buy milk" complete', pressed: true });
    expect(check).toHaveAttribute('aria-pressed', 'true');
    // [data-done] (index.css): muted, struck-through text on a flat card rather than opacity, which took the
    // title under 4.5:1 contrast; the e2e suite checks the computed style and axe the contrast.
    expect(screen.getByRole('listitem')).toHaveAttribute('data-done');
    expect(screen.getByRole('listitem')).not.toHaveClass('is-dragging');
  });

  it('keeps the check button\'s name as its state changes: aria-pressed says whether the task is done', () => {
    const handlers = { onToggleComplete: jest.fn(), onDelete: jest.fn(), onRename: jest.fn() };
    const { rerender } = render(<TaskCard title="Buy milk" completed={false} {...handlers} />);
    const check = screen.getByRole('button', { name: 'Mark "Buy milk" complete', pressed: false });
    rerender(<TaskCard title="Buy milk" completed {...handlers} />);
    expect(check).toHaveAccessibleName('Mark "Buy milk" complete');
    expect(check).toHaveAttribute('aria-pressed', 'true');
  });

  it('edits the title inline and commits the trimmed title on Enter', async () => {
    const { user, onRename } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Buy milk' }));
    const input = screen.getByRole('textbox', { name: 'Edit "Buy milk"' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Buy milk');
    await user.clear(input);
    await user.type(input, '  Buy oat milk  {Enter}');
    expect(onRename).toHaveBeenCalledTimes(1);
    expect(onRename).toHaveBeenCalledWith('Buy oat milk');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // Keyboard users land back on the title they edited.
    expect(screen.getByRole('button', { name: 'Buy milk' })).toHaveFocus();
  });

  it('keeps the title out of reach while the field is open, and gives focus back to that same button', async () => {
    const { user, onRename } = renderCard();
    const title = screen.getByRole('button', { name: 'Buy milk' });
    await user.click(title);
    // Hidden from assistive tech and the Tab order, and not shown: the field takes its place.
    expect(screen.queryByRole('button', { name: 'Buy milk' })).not.toBeInTheDocument();
    expect(title).toHaveAttribute('aria-hidden', 'true');
    expect(title).toHaveAttribute('tabindex', '-1');
    expect(title).toHaveClass('sr-only');
    expect(screen.queryByRole('button', { name: 'Delete "Buy milk"' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), '{Escape}');
    expect(title).toHaveFocus();
    expect(title).toHaveClass('task-title');
    expect(title).not.toHaveAttribute('aria-hidden');
    expect(title).not.toHaveAttribute('tabindex');
    // Shift+Tab from the field goes elsewhere, not back to the hidden title; the blur commits.
    await user.click(title);
    await user.type(screen.getByRole('textbox'), ' and bread');
    await user.tab({ shift: true });
    expect(onRename).toHaveBeenCalledWith('Buy milk and bread');
    expect(screen.getByRole('button', { name: 'Mark "Buy milk" complete' })).toHaveFocus();
  });

  it('commits on blur', async () => {
    const { user, onRename } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Buy milk' }));
    await user.type(screen.getByRole('textbox'), ' and bread');
    await user.click(document.body);
    expect(onRename).toHaveBeenCalledWith('Buy milk and bread');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('does not save an unchanged or empty title', async () => {
    const { user, onRename } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Buy milk' }));
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Buy milk' }));
    await user.clear(screen.getByRole('textbox'));
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Buy milk' })).toBeInTheDocument();
  });

  it('reverts on Escape, even though the input then loses focus', async () => {
    const { user, onRename } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Buy milk' }));
    await user.type(screen.getByRole('textbox'), ' changed{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.tab();
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Buy milk' })).toBeInTheDocument();
  });

  it('has a drag handle that receives the keyboard drag props', () => {
    renderCard({ handleProps: { 'aria-describedby': 'drag-help' } });
    expect(screen.getByRole('button', { name: 'Move task: Buy milk' })).toHaveAttribute('aria-describedby', 'drag-help');
  });

  it('renders a dimmed placeholder while dragged', () => {
    renderCard({ isDragging: true });
    expect(screen.getByRole('listitem')).toHaveClass('task-card', 'is-dragging');
  });

  describe('after a delete, focus stays in the day', () => {
    /** A day's section as the planner lays it out: an add button, then cards in groups of two that keep their cards. */
    function Day({ initial, regroup = false }: { initial: string[]; regroup?: boolean }) {
      const [titles, setTitles] = useState(initial);
      // regroup: the groups re-form from what is left, as the planner's do when a group's first card goes.
      const groups = (regroup ? [titles.slice(0, 2), titles.slice(2)] : [initial.slice(0, 2), initial.slice(2)].map((group) => group.filter((title) => titles.includes(title)))).filter(
        (group) => group.length > 0,
      );
      return (
        <section>
          <button type="button" aria-label="Add task to Mon">
            +
          </button>
          <div role="list">
            {groups.map((group) => (
              <div key={initial.indexOf(group[0]!) < 2 ? 'first' : 'second'} role="presentation">
                {group.map((title) => (
                  <TaskCard key={title} title={title} completed={false} onToggleComplete={() => {}} onRename={() => {}} onDelete={() => setTitles((all) => all.filter((t) => t !== title))} />
                ))}
              </div>
            ))}
          </div>
        </section>
      );
    }

    it('moves to the card that takes its place, across a group, then to the one before, then to the add button', async () => {
      const user = userEvent.setup();
      render(<Day initial={['A', 'B', 'C']} />);
      screen.getByRole('button', { name: 'Delete "B"' }).focus();
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('button', { name: 'B' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'C' })).toHaveFocus();

      screen.getByRole('button', { name: 'Delete "C"' }).focus();
      await user.keyboard(' ');
      expect(screen.getByRole('button', { name: 'A' })).toHaveFocus();

      screen.getByRole('button', { name: 'Delete "A"' }).focus();
      await user.keyboard('{Enter}');
      expect(screen.queryAllByRole('listitem')).toHaveLength(0);
      expect(screen.getByRole('button', { name: 'Add task to Mon' })).toHaveFocus();
    });

    it('finds the card that takes its place again when the delete moved it into another group', async () => {
      const user = userEvent.setup();
      render(<Day initial={['A', 'B', 'C']} regroup />);
      screen.getByRole('button', { name: 'Delete "B"' }).focus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('button', { name: 'C' })).toHaveFocus();
    });

    it('leaves focus alone when the delete button did not have it', async () => {
      render(<Day initial={['A', 'B']} />);
      const elsewhere = screen.getByRole('button', { name: 'Add task to Mon' });
      elsewhere.focus();
      act(() => screen.getByRole('button', { name: 'Delete "A"' }).click());
      expect(screen.getByRole('button', { name: 'B' })).not.toHaveFocus();
      expect(elsewhere).toHaveFocus();
    });
  });
});
