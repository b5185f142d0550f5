import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TaskDetailsDialog } from '../../src/features/tasks/TaskDetailsDialog';
import { buildRule, repeatFormOf } from '../../src/features/tasks/repeatForm';

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

// An occurrence's details open on its series' repeat: each rule the picker makes reads back to the same form.
it.each(cases)('%s: read back from its rule, as an occurrence shows it', (_name, _pick, rule) => {
  expect(buildRule(repeatFormOf({ kind: 'rule', rule })!)).toBe(rule);
});

it("reads the month-end clamp as 'on the 31st', and a rule the picker cannot show as none of its choices", () => {
  expect(repeatFormOf({ kind: 'rule', rule: 'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1' })).toMatchObject({ choice: 'monthlyDay', monthDay: 31 });
  expect(repeatFormOf({ kind: 'afterCompletion', days: 4 })).toMatchObject({ choice: 'afterCompletion', days: 4 });
  for (const rule of ['FREQ=DAILY;INTERVAL=3', 'FREQ=YEARLY;BYMONTH=3', 'FREQ=MONTHLY;BYDAY=MO,TU', 'FREQ=WEEKLY;BYDAY=1MO']) {
    expect(repeatFormOf({ kind: 'rule', rule })).toBeNull();
  }
});

function dialog(props: Partial<Parameters<typeof TaskDetailsDialog>[0]> = {}) {
  const onSave = jest.fn((): Promise<string | null> => Promise.resolve(null));
  render(<TaskDetailsDialog open title="Water plants" notes="" onSave={onSave} onClose={jest.fn()} {...props} />);
  return { user: userEvent.setup(), onSave };
}

it.each(cases)('%s', async (_name, pick, rule) => {
  const { user, onSave } = dialog();
  await pick(user);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants', notes: '', repeat: { kind: 'rule', rule } });
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
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants', notes: '', repeat: { kind: 'afterCompletion', days: 10 } });
});

it("saves no rule while 'Does not repeat' is chosen", async () => {
  const { user, onSave } = dialog();
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Twice');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants', notes: 'Twice' });
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

const WEEKLY = { repeatText: 'Every Monday', repeat: { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=MO' }, firstDay: 'Mon 30 Nov 2026', lastDay: null, number: 3 } as const;

it("an occurrence's details show its series: the repeat as it stands, first and last day, which occurrence", () => {
  dialog({ series: { ...WEEKLY, repeat: { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=5' }, lastDay: 'Mon 28 Dec 2026' } });
  expect(screen.getByRole('combobox', { name: 'Repeat' })).toHaveValue('weekly');
  expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  expect(screen.getByRole('combobox', { name: 'Ends' })).toHaveValue('count');
  expect(screen.getByRole('spinbutton', { name: 'Times' })).toHaveValue(5);
  // 'Does not repeat' is not a change of an occurrence: 'Stop repeating' is.
  expect(screen.queryByRole('option', { name: 'Does not repeat' })).not.toBeInTheDocument();
  expect(screen.getByText('Occurrence 3')).toBeInTheDocument();
  expect(screen.getByText('Mon 30 Nov 2026')).toBeInTheDocument();
  expect(screen.getByText('Mon 28 Dec 2026')).toBeInTheDocument();
});

it("an occurrence's repeat the picker cannot show stays as it is, and saving a title changes no rule", async () => {
  const { user, onSave } = dialog({ series: { ...WEEKLY, repeatText: 'Every 3 days', repeat: { kind: 'rule', rule: 'FREQ=DAILY;INTERVAL=3' } } });
  expect(screen.getByRole('combobox', { name: 'Repeat' })).toHaveDisplayValue('Every 3 days (as it is)');
  await user.type(screen.getByRole('textbox', { name: 'Title' }), ' twice');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants twice', notes: '' });
});

it("an occurrence's new rule is saved as it is chosen (for this one and the following), without a question", async () => {
  const { user, onSave } = dialog({ series: WEEKLY });
  await choose(user, 'Repeat', 'Every day');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.queryByRole('group')).not.toBeInTheDocument();
  expect(onSave).toHaveBeenCalledWith({ title: 'Water plants', notes: '', repeat: { kind: 'rule', rule: 'FREQ=DAILY' } });
});

it("an occurrence's 'Delete' deletes this one at once (its toast offers the others)", async () => {
  const onDelete = jest.fn();
  const { user, onSave } = dialog({ series: WEEKLY, onDelete });
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onDelete).toHaveBeenCalledWith();
  expect(onSave).not.toHaveBeenCalled();
});
