import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { RepeatPicker } from './RepeatPicker';
import { buildRepeat, defaultRepeatForm, type RepeatForm } from './repeatForm';

/** The picker holds no state of its own: the story keeps the value, and shows the rule it makes. */
function Picker({ initial }: { initial: RepeatForm }) {
  const [value, setValue] = useState(initial);
  const repeat = buildRepeat(value);
  return (
    <div className="max-w-md space-y-4 p-4">
      <RepeatPicker value={value} onChange={setValue} />
      <output aria-label="Saved repeat" className="block font-mono text-xs">
        {repeat === null ? 'none' : repeat.kind === 'rule' ? repeat.rule : `${repeat.days} days after completing`}
      </output>
    </div>
  );
}

const meta = {
  title: 'Tasks/RepeatPicker',
  component: Picker,
  args: { initial: defaultRepeatForm() },
} satisfies Meta<typeof Picker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DoesNotRepeat: Story = {};

/** Every week on Monday and Wednesday, chosen with the checkboxes. */
export const MondaysAndWednesdays: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Repeat' }), 'Every week on chosen days');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Wednesday' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Monday' }));
    await expect(canvas.getByRole('status', { name: 'Saved repeat' })).toHaveTextContent('FREQ=WEEKLY;BYDAY=MO,WE');
  },
};

/** The last day of every month, ending after 12 times. */
export const LastDayOfTheMonth: Story = {
  args: { initial: { ...defaultRepeatForm(), choice: 'monthlyDay', monthDay: -1, end: 'count', count: 12 } },
};

/** Ten days after each completion: no end to choose. */
export const AfterCompleting: Story = {
  args: { initial: { ...defaultRepeatForm(), choice: 'afterCompletion', days: 10 } },
};

export const Dark: Story = {
  args: { initial: { ...defaultRepeatForm(), choice: 'monthlyNth', nth: -1, nthWeekday: 'FR', end: 'until', until: '2027-06-30' } },
  decorators: [
    (Story) => (
      <div className="dark bg-slate-950 text-slate-100">
        <Story />
      </div>
    ),
  ],
};
