import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TaskDetailsDialog } from '../../src/features/tasks/TaskDetailsDialog';

// The repeat picker in a task's details (issue 30.1): each choice, made with native controls, gives the rule the
// dialog saves. The rule's checking is the series code's (TaskDetailsRepeat.test.tsx covers it on the planner).

type Pick = (user: ReturnType<typeof userEvent.setup>) => Promise<void>;
const choose = (user: ReturnType<typeof userEvent.setup>, name: string, option: string) => user.selectOptions(screen.getByRole('combobox', { name }), option);

const cases: Array<[string, Pick, string]> = [
  ['every day', (user) => choose(user, 'Repeat', 'Every day'), 'FREQ=DAILY'],
  ['every weekday', (user) => choose(user, 'Repeat', 'Every weekday (Mon–Fri)'), 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  [
    'every week on Monday and Wednesday (in week order whatever the click order)',
    async (user) => {
      await choose(user, 'Repeat', 'Every week on chosen days');
      await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
      await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    },
    'FREQ=WEEKLY;BYDAY=MO,WE',
  ],
  [
    'every 3 weeks on Friday',
    async (user) => {
      await choose(user, 'Repeat', 'Every week on chosen days');
      const weeks = screen.getByRole('spinbutton', { name: 'Every how many weeks' });
      await user.clear(weeks);
      await user.type(weeks, '3');
      await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    },
    'FREQ=WEEKLY;INTERVAL=3;BYDAY=FR',
  ],
  [
    'every month on the 15th',
    async (user) => {
      await choose(user, 'Repeat', 'Every month on a day');
      await choose(user, 'Day of the month', '15');
    },
    'FREQ=MONTHLY;BYMONTHDAY=15',
  ],
  [
    'every month on the last day',
    async (user) => {
      await choose(user, 'Repeat', 'Every month on a day');
      await choose(user, 'Day of the month', 'Last day of the month');
    },
    'FREQ=MONTHLY;BYMONTHDAY=-1',
  ],
  [
    'every month on the second Tuesday',
    async (user) => {
      await choose(user, 'Repeat', 'Every month on a weekday');
      await choose(user, 'Which', 'Second');
      await choose(user, 'Weekday', 'Tuesday');
    },
    'FREQ=MONTHLY;BYDAY=2TU',
  ],
  [
    'every month on the last Friday',
    async (user) => {
      await choose(user, 'Repeat', 'Every month on a weekday');
      await choose(user, 'Which', 'Last');
      await choose(user, 'Weekday', 'Friday');
    },
    'FREQ=MONTHLY;BYDAY=-1FR',
  ],
  [
    'every year, 5 times',
    async (user) => {
      await choose(user, 'Repeat', 'Every year');
      await choose(user, 'Ends', 'After a number of times');
      const times = screen.getByRole('spinbutton', { name: 'Times' });
      await user.clear(times);
      await user.type(times, '5');
    },
    'FREQ=YEARLY;COUNT=5',
  ],
  [
    'every day until 31 December 2026',
    async (user) => {
      await choose(user, 'Repeat', 'Every day');
      await choose(user, 'Ends', 'On a date');
      await user.type(screen.getByLabelText('End date'), '2026-12-31');
    },
    'FREQ=DAILY;UNTIL=20261231',
  ],
];

function dialog(props: Partial<Parameters<typeof TaskDetailsDialog>[0]> = {}) {
  const onSave = jest.fn((): Promise<string | null> => Promise.resolve(null));
  render(<TaskDetailsDialog open title="Water plants" notes="" onSave={onSave} onClose={jest.fn()} {...props} />);
  return { user: userEvent.setup(), onSave };
}

it.each(cases)('%s', async (_name, pick, rule) => {
  const { user, onSave } = dialog();
  await pick(user);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants', notes: '', repeat: { kind: 'rule', rule } }, undefined);
});

it('repeats 10 days after each completion', async () => {
  const { user, onSave } = dialog();
  await choose(user, 'Repeat', 'Some days after I complete it');
  const days = screen.getByRole('spinbutton', { name: 'Days after completing' });
  await user.clear(days);
  await user.type(days, '10');
  // A completion-based repeat has no end of its own: no 'Ends' choice.
  expect(screen.queryByRole('combobox', { name: 'Ends' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants', notes: '', repeat: { kind: 'afterCompletion', days: 10 } }, undefined);
});

it("saves no rule while 'Does not repeat' is chosen", async () => {
  const { user, onSave } = dialog();
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Twice');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants', notes: 'Twice' }, undefined);
});

it('shows the refusal it is given and stays open to fix the rule', async () => {
  const { user, onSave } = dialog();
  onSave.mockResolvedValueOnce('Every 10,000 weeks is too far apart: at most every 520 weeks (ten years).');
  await choose(user, 'Repeat', 'Every day');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Every 10,000 weeks is too far apart');
  await choose(user, 'Repeat', 'Every year');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it("an occurrence's new rule asks only 'This and following' or 'All'", async () => {
  const { user, onSave } = dialog({ repeatText: 'Every Monday' });
  await choose(user, 'Repeat', 'Every day');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const scopes = screen.getByRole('group', { name: 'Change which tasks?' });
  expect(within(scopes).queryByRole('button', { name: 'This task' })).not.toBeInTheDocument();
  await user.click(within(scopes).getByRole('button', { name: 'All' }));
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants', notes: '', repeat: { kind: 'rule', rule: 'FREQ=DAILY' } }, 'all');
});

it("an occurrence's 'Delete…' asks which tasks, then deletes with that scope", async () => {
  const onDelete = jest.fn();
  const { user, onSave } = dialog({ repeatText: 'Every day', onDelete });
  await user.click(screen.getByRole('button', { name: 'Delete…' }));
  const scopes = screen.getByRole('group', { name: 'Delete which tasks?' });
  // Deleting one occurrence is a choice too (a skip).
  expect(within(scopes).getByRole('button', { name: 'This task' })).toBeInTheDocument();
  await user.click(within(scopes).getByRole('button', { name: 'This and following' }));
  expect(onDelete).toHaveBeenCalledWith('following');
  expect(onSave).not.toHaveBeenCalled();
});
