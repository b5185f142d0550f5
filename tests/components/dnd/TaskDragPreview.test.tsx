import { render, screen } from '@testing-library/react';
import { TaskDragPreview } from '../../../src/features/dnd/TaskDragPreview';
import meta, { Completed, NaturalWidth, Open } from '../../../src/features/dnd/TaskDragPreview.stories';

// The stories are the fixtures: each renders with the story's args over the defaults.
const renderStory = (story: { args?: object }) => render(<TaskDragPreview {...meta.args} {...story.args} />);

it('shows the task as a lifted card of the dragged card width, hidden from assistive technology', () => {
  const { container } = renderStory(Open);
  const preview = container.firstElementChild as HTMLElement;
  expect(preview).toHaveAttribute('aria-hidden', 'true');
  expect(preview).toHaveStyle({ width: '200px' });
  expect(preview).toHaveClass('rotate-2', 'shadow-xl');
  expect(screen.getByText('Buy groceries')).not.toHaveClass('line-through');
});

it('shows a completed task struck through', () => {
  renderStory(Completed);
  expect(screen.getByText('Buy groceries')).toHaveClass('line-through');
});

it('takes its natural width when the card width is unknown', () => {
  const { container } = renderStory(NaturalWidth);
  expect((container.firstElementChild as HTMLElement).style.width).toBe('');
});
