import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { useAppDispatch } from '../../app/hooks';
import { withStore } from '../../app/storyStore';
import { Button } from '../../components/ui/Button';
import { taskDragEnded, taskDragStarted, taskMoved } from '../tasks/events';
import { SOMEDAY, type Task } from '../tasks/types';
import { useAnnounce } from './announceContext';
import { dropped, pickedUp } from './announcements';
import { DragAnnouncer } from './DragAnnouncer';

const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const groceries: Task = { id: 'groceries', title: 'Buy groceries', date: MONDAY, completed: false, createdAt: 1, order: 0 };
const tasks: Task[] = [groceries, { id: 'stand-up', title: 'Team stand-up', date: TUESDAY, completed: false, createdAt: 2, order: 0 }];

/** Drives a drag through the store, as the drag backends do, so the announcer speaks. */
function DragControls() {
  const dispatch = useAppDispatch();
  const announce = useAnnounce();
  const { id, title } = groceries;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        onClick={() => {
          dispatch(taskDragStarted({ id }));
          announce(pickedUp(title, MONDAY, 0));
        }}
      >
        Pick up
      </Button>
      <Button variant="secondary" onClick={() => dispatch(taskMoved({ id, toDate: TUESDAY, toIndex: 1 }))}>
        Move to Tuesday
      </Button>
      <Button variant="secondary" onClick={() => dispatch(taskMoved({ id, toDate: SOMEDAY, toIndex: 0 }))}>
        Move to Some Day
      </Button>
      <Button
        onClick={() => {
          dispatch(taskDragEnded());
          announce(dropped(title, SOMEDAY, 0));
        }}
      >
        Drop
      </Button>
    </div>
  );
}

const meta = {
  title: 'Drag and drop/DragAnnouncer',
  component: DragAnnouncer,
  args: { children: <DragControls /> },
  decorators: [
    // The live region is for screen readers only; here it is shown so the messages can be seen.
    (Story) => (
      <div className="space-y-3 [&_[role=status]]:not-sr-only [&_[role=status]]:text-sm [&_[role=status]]:text-slate-600">
        <Story />
      </div>
    ),
    withStore({ tasks }),
  ],
} satisfies Meta<typeof DragAnnouncer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

export const AnnouncesADrag: Story = {
  play: async ({ canvas, userEvent }) => {
    const status = canvas.getByRole('status');
    await userEvent.click(canvas.getByRole('button', { name: 'Pick up' }));
    await expect(status).toHaveTextContent('Picked up Buy groceries, in Mon 23 Nov, position 1.');
    await userEvent.click(canvas.getByRole('button', { name: 'Move to Tuesday' }));
    await expect(status).toHaveTextContent('Moved to Tue 24 Nov, position 2.');
    await userEvent.click(canvas.getByRole('button', { name: 'Move to Some Day' }));
    await expect(status).toHaveTextContent('Moved to Some Day, position 1.');
    await userEvent.click(canvas.getByRole('button', { name: 'Drop' }));
    await expect(status).toHaveTextContent('Dropped Buy groceries in Some Day, position 1.');
  },
};
