import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { ChecklistEditor, type ChecklistEditorProps } from './ChecklistEditor';
import { CHECKLIST_MAX_ITEMS, type ChecklistItem } from './checklist';

const ITEMS: ChecklistItem[] = [
  { id: 'a', text: 'Passport', done: true },
  { id: 'b', text: 'Charger', done: false },
  { id: 'c', text: 'Book the hotel', done: false },
];
const DAYS = [
  { date: '2026-11-30', label: 'Mon 30 Nov' },
  { date: '2026-12-01', label: 'Tue 1 Dec' },
  { date: 'someday', label: 'Some Day' },
];

/** The editor over a list held here, as the store would hold it: each change shows at once. */
function Live(props: ChecklistEditorProps) {
  const [items, setItems] = useState(props.items);
  return (
    <div className="w-96">
      <ChecklistEditor
        {...props}
        items={items}
        onAdd={(text) => (props.onAdd(text), setItems([...items, { id: `n${items.length}`, text, done: false }]))}
        onDoneSet={(id, done) => (props.onDoneSet(id, done), setItems(items.map((one) => (one.id === id ? { ...one, done } : one))))}
        onMove={(id, to) => {
          props.onMove(id, to);
          const rest = items.filter((one) => one.id !== id);
          rest.splice(to, 0, items.find((one) => one.id === id)!);
          setItems(rest);
        }}
        onDelete={(id) => (props.onDelete(id), setItems(items.filter((one) => one.id !== id)))}
      />
    </div>
  );
}

const meta = {
  title: 'Tasks/ChecklistEditor',
  component: ChecklistEditor,
  render: (args) => <Live {...args} />,
  args: { items: ITEMS, days: DAYS, defaultDay: '2026-11-30', onAdd: fn(), onDoneSet: fn(), onTextSet: fn(), onMove: fn(), onDelete: fn(), onMakeTask: fn() },
} satisfies Meta<typeof ChecklistEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tick, add with Enter, move with the keyboard. */
export const Editing: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('1 of 3 done')).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Done: Charger' }));
    await expect(args.onDoneSet).toHaveBeenCalledWith('b', true);
    await userEvent.type(canvas.getByRole('textbox', { name: 'New checklist item' }), 'Socks{Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith('Socks');
    canvas.getByRole('button', { name: 'Reorder “Socks”: arrow up or down' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onMove).toHaveBeenCalledWith('n3', 2);
  },
};

/** 'Make a task' asks for the day. */
export const MakeATask: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Make a task of “Book the hotel”' }));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Day' }), 'Tue 1 Dec');
    await userEvent.click(canvas.getByRole('button', { name: 'Make task “Book the hotel”' }));
    await expect(args.onMakeTask).toHaveBeenCalledWith('c', '2026-12-01');
  },
};

/**
 * With named lists: 'Make a task' offers them after the days and Some Day, in a group of their own. The task is in
 * Books, so Books is offered first; the item goes to Errands.
 */
export const MakeATaskInAList: Story = {
  args: {
    lists: [
      { date: 'list:list-errands', label: 'Errands' },
      { date: 'list:list-books', label: 'Books' },
    ],
    defaultDay: 'list:list-books',
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Make a task of “Charger”' }));
    const where = canvas.getByRole('combobox', { name: 'Day or list' });
    await expect(where).toHaveValue('list:list-books');
    await expect(canvas.getByRole('group', { name: 'Lists' })).toHaveTextContent('ErrandsBooks');
    await userEvent.selectOptions(where, 'Errands');
    await userEvent.click(canvas.getByRole('button', { name: 'Make task “Charger”' }));
    await expect(args.onMakeTask).toHaveBeenCalledWith('b', 'list:list-errands');
  },
};

/** A full list refuses one more item, with the reason, and stores nothing. */
export const Full: Story = {
  args: { items: Array.from({ length: CHECKLIST_MAX_ITEMS }, (_, n) => ({ id: `i${n}`, text: `Item ${n + 1}`, done: n % 3 === 0 })) },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'New checklist item' }), 'One more{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent(`at most ${CHECKLIST_MAX_ITEMS} items`);
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** An occurrence of a series: the items are the series', the ticks this occurrence's. */
export const Occurrence: Story = { args: { hint: 'The items are the same in every occurrence of this series; the ticks are this occurrence’s own.' } };

export const Empty: Story = { args: { items: [] } };
