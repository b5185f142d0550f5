import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DayColumn, type DayColumnProps } from '../../src/features/tasks/DayColumn';
import { TaskCard } from '../../src/features/tasks/TaskCard';

function renderColumn(props: Partial<DayColumnProps> = {}) {
  const handlers = { onToggleSelected: jest.fn(), onAddTask: jest.fn() };
  const user = userEvent.setup();
  const result = render(<DayColumn title="Mon" dateLabel="23 Nov" taskCount={0} {...handlers} {...props} />);
  return { ...handlers, user, ...result };
}

describe('DayColumn', () => {
  it('shows the weekday, the date and an empty state', () => {
    renderColumn();
    const column = screen.getByRole('region', { name: 'Mon 23 Nov' });
    expect(within(column).getByText('Mon')).toBeInTheDocument();
    expect(within(column).getByText('23 Nov')).toBeInTheDocument();
    expect(within(column).getByText('No tasks yet')).toBeInTheDocument();
    expect(column).not.toHaveAttribute('aria-current');
  });

  it('marks today', () => {
    renderColumn({ isToday: true });
    expect(screen.getByRole('region', { name: 'Mon 23 Nov' })).toHaveAttribute('aria-current', 'date');
  });

  it('titles Some Day without a date', () => {
    renderColumn({ title: 'Some Day', dateLabel: undefined });
    expect(screen.getByRole('region', { name: 'Some Day' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add task to Some Day' })).toBeInTheDocument();
  });

  it('lists its tasks instead of the empty state', () => {
    const noop = () => {};
    renderColumn({
      taskCount: 1,
      children: <TaskCard title="Stand-up" completed={false} onToggleComplete={noop} onDelete={noop} onRename={noop} />,
    });
    expect(screen.getByRole('listitem')).toHaveTextContent('Stand-up');
    expect(screen.queryByText('No tasks yet')).not.toBeInTheDocument();
  });

  describe('adding a task', () => {
    it('adds the trimmed title on Enter and keeps the line open, empty and focused, for the next task', async () => {
      const { user, onAddTask } = renderColumn();
      const plus = screen.getByRole('button', { name: 'Add task to Mon 23 Nov' });
      await user.click(plus);
      const input = screen.getByRole('textbox', { name: 'New task for Mon 23 Nov' });
      expect(input).toHaveFocus();
      expect(screen.queryByText('No tasks yet')).not.toBeInTheDocument();
      await user.type(input, '  Call mum  {Enter}');
      expect(onAddTask).toHaveBeenCalledTimes(1);
      expect(onAddTask).toHaveBeenCalledWith('Call mum');
      expect(input).toBeInTheDocument();
      expect(input).toHaveValue('');
      expect(input).toHaveFocus();
      // The next task's first word is typed into the line, not lost to the plus button.
      await user.keyboard('Buy milk{Enter}Water plants{Enter}');
      expect(onAddTask.mock.calls).toEqual([['Call mum'], ['Buy milk'], ['Water plants']]);
      expect(input).toHaveFocus();
    });

    it('closes on Enter or Escape on the empty line, and hands focus back to the plus button', async () => {
      const { user, onAddTask } = renderColumn();
      const plus = screen.getByRole('button', { name: 'Add task to Mon 23 Nov' });
      await user.click(plus);
      await user.keyboard('Call mum{Enter}{Enter}');
      expect(onAddTask).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(plus).toHaveFocus();
      await user.keyboard('{Enter}Stretch{Enter}{Escape}');
      expect(onAddTask).toHaveBeenLastCalledWith('Stretch');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(plus).toHaveFocus();
    });

    it('adds on blur when there is text', async () => {
      const { user, onAddTask } = renderColumn();
      await user.click(screen.getByRole('button', { name: 'Add task to Mon 23 Nov' }));
      await user.type(screen.getByRole('textbox'), 'Water plants');
      await user.click(document.body);
      expect(onAddTask).toHaveBeenCalledWith('Water plants');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    });

    it('cancels on Escape, even with text', async () => {
      const { user, onAddTask } = renderColumn();
      await user.click(screen.getByRole('button', { name: 'Add task to Mon 23 Nov' }));
      await user.type(screen.getByRole('textbox'), 'Never mind{Escape}');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      await user.tab();
      expect(onAddTask).not.toHaveBeenCalled();
      expect(screen.getByText('No tasks yet')).toBeInTheDocument();
    });

    it('cancels on an empty blur or an empty Enter', async () => {
      const { user, onAddTask } = renderColumn();
      await user.click(screen.getByRole('button', { name: 'Add task to Mon 23 Nov' }));
      await user.type(screen.getByRole('textbox'), '   ');
      await user.click(document.body);
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add task to Mon 23 Nov' }));
      await user.type(screen.getByRole('textbox'), '  {Enter}');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(onAddTask).not.toHaveBeenCalled();
    });
  });

  describe('selecting', () => {
    it('toggles when the column is clicked', async () => {
      const { user, onToggleSelected } = renderColumn();
      await user.click(screen.getByText('No tasks yet'));
      expect(onToggleSelected).toHaveBeenCalledTimes(1);
      await user.click(screen.getByRole('region', { name: 'Mon 23 Nov' }));
      expect(onToggleSelected).toHaveBeenCalledTimes(2);
    });

    it('toggles from the keyboard through the heading button, which shows the state', async () => {
      const { user, onToggleSelected, rerender } = renderColumn();
      const heading = screen.getByRole('button', { name: 'Mon 23 Nov' });
      expect(heading).toHaveAttribute('aria-pressed', 'false');
      heading.focus();
      await user.keyboard('{Enter}');
      expect(onToggleSelected).toHaveBeenCalledTimes(1);
      rerender(<DayColumn title="Mon" dateLabel="23 Nov" taskCount={0} selected onToggleSelected={onToggleSelected} onAddTask={jest.fn()} />);
      expect(heading).toHaveAttribute('aria-pressed', 'true');
    });

    it('ignores clicks on the controls inside it', async () => {
      const noop = () => {};
      const { user, onToggleSelected } = renderColumn({
        taskCount: 1,
        children: <TaskCard title="Stand-up" completed={false} onToggleComplete={noop} onDelete={noop} onRename={noop} />,
      });
      await user.click(screen.getByRole('button', { name: 'Stand-up' }));
      await user.click(screen.getByRole('textbox', { name: 'Edit "Stand-up"' }));
      await user.click(screen.getByRole('button', { name: 'Mark "Stand-up" complete' }));
      await user.click(screen.getByRole('button', { name: 'Add task to Mon 23 Nov' }));
      await user.click(screen.getByRole('textbox', { name: 'New task for Mon 23 Nov' }));
      expect(onToggleSelected).not.toHaveBeenCalled();
    });
  });
});
