import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { screen } from '@testing-library/react';
import preview from '../../.storybook/preview';
import * as addTaskInputStories from '../../src/features/tasks/AddTaskInput.stories';
import * as dayColumnStories from '../../src/features/tasks/DayColumn.stories';
import * as taskCardStories from '../../src/features/tasks/TaskCard.stories';
import * as checklistStories from '../../src/features/tasks/ChecklistEditor.stories';
import * as taskDetailsStories from '../../src/features/tasks/TaskDetailsDialog.stories';
import * as repeatPickerStories from '../../src/features/tasks/RepeatPicker.stories';
import * as premiumDialogStories from '../../src/features/subscription/PremiumDialog.stories';
import * as searchDialogStories from '../../src/features/search/SearchDialog.stories';
import * as taskLabelsFieldStories from '../../src/features/catalog/TaskLabelsField.stories';
import * as renameFieldStories from '../../src/features/catalog/RenameField.stories';

// The stories are the fixtures: each one is mounted with its args and decorators and its play
// function runs (with its own assertions), then we check what a person would see.

setProjectAnnotations(preview);
// Storybook hands play functions a `userEvent` only where the browser has a clipboard; jsdom has none.
Object.defineProperty(navigator, 'clipboard', { value: {}, configurable: true });

type Composed = Record<string, { run: () => Promise<void> }>;

/** Every story of a file, with what must be on screen after it ran. */
function eachStory<T extends Composed>(stories: T, expectations: { [name in keyof T]: () => void }) {
  test.each(Object.keys(stories))('%s', async (name) => {
    await stories[name]!.run();
    expectations[name]!();
  });
}

describe('TaskCard stories', () => {
  const title = 'Write the weekly report';
  const longTitle = 'Call the dentist about moving the check-up to a morning slot, and ask whether the new insurance card works';
  const card = (name: string | RegExp = title) => screen.getByRole('button', { name });
  eachStory(composeStories(taskCardStories), {
    Normal: () => expect(screen.getByRole('button', { name: `Mark "${title}" complete`, pressed: false })).toBeInTheDocument(),
    Completed: () => expect(screen.getByRole('button', { name: `Mark "${title}" complete`, pressed: true })).toBeInTheDocument(),
    Editing: () => expect(screen.getByRole('textbox', { name: `Edit "${title}"` })).toHaveValue(title),
    LongTitle: () => expect(card(longTitle)).toBeInTheDocument(),
    WithMoveTo: () => expect(card(`Move "${title}" to…`)).toBeInTheDocument(),
    Phone: () => expect(card(`Move "${title}" to…`)).toBeInTheDocument(),
    DraggingPlaceholder: () => expect(card()).toBeInTheDocument(),
    Dark: () => expect(card()).toBeInTheDocument(),
    Repeating: () => expect(card('Water plants')).toHaveAccessibleDescription('Every Monday'),
    // The labels are named (colour is never the only cue), in the title's accessible name too.
    WithLabels: () => expect(card(/^Call the bank ?, labels: Errands ?Money$/)).toBeInTheDocument(),
    WithLabelsCompletedDark: () => expect(screen.getByRole('button', { name: 'Mark "Call the bank" complete', pressed: true })).toBeInTheDocument(),
    WithChecklist: () => expect(screen.getByRole('img', { name: 'Checklist: 2 of 5 done' })).toHaveTextContent('2/5'),
    ChecklistDone: () => expect(screen.getByRole('img', { name: 'Checklist: 3 of 3 done' })).toHaveAttribute('data-complete'),
  });
});

describe('TaskLabelsField stories', () => {
  eachStory(composeStories(taskLabelsFieldStories), {
    OneChosen: () => expect(screen.getByRole('checkbox', { name: 'Home' })).toBeChecked(),
    NoLabelsYet: () => expect(screen.queryByRole('checkbox')).not.toBeInTheDocument(),
    TooLong: () => expect(screen.getByRole('textbox', { name: 'New label for this task' })).toHaveAttribute('aria-invalid', 'true'),
    // An occurrence's details: the labels are the series'.
    ForSeries: () => expect(screen.getByRole('group', { name: 'Labels' })).toHaveAccessibleDescription('Every occurrence of this repeating task carries them.'),
  });
});

describe('RenameField stories', () => {
  const field = () => screen.getByRole('textbox');
  eachStory(composeStories(renameFieldStories), {
    Renamed: () => expect(field()).toHaveValue('Shops and post'),
    Refused: () => expect(field()).toHaveValue(''),
    Cancelled: () => expect(field()).not.toHaveAttribute('aria-invalid'),
    WithRowControls: () => expect(screen.getByRole('textbox', { name: 'Name of the label Work' })).toHaveValue('Work'),
  });
});

describe('ChecklistEditor stories', () => {
  const items = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));
  eachStory(composeStories(checklistStories), {
    // Added at the end, then moved up one place, ticks kept.
    Editing: () => {
      expect(items()).toEqual(['Done: Passport', 'Done: Charger', 'Done: Socks', 'Done: Book the hotel']);
      expect(screen.getByRole('checkbox', { name: 'Done: Charger' })).toBeChecked();
      expect(screen.getByRole('status')).toHaveTextContent('“Socks” moved to place 3 of 4.');
    },
    MakeATask: () => expect(screen.queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument(),
    MakeATaskInAList: () => expect(screen.queryByRole('combobox', { name: 'Day or list' })).not.toBeInTheDocument(),
    Full: () => expect(screen.getAllByRole('checkbox')).toHaveLength(100),
    Occurrence: () => expect(screen.getByText(/the ticks are this occurrence’s own/)).toBeInTheDocument(),
    Empty: () => {
      expect(screen.queryByRole('list', { name: 'Checklist items' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add item' })).toBeInTheDocument();
    },
  });
});

describe('DayColumn stories', () => {
  const column = (name: string) => screen.getByRole('region', { name });
  eachStory(composeStories(dayColumnStories), {
    Empty: () => expect(column('Mon 23 Nov')).toHaveTextContent('No tasks yet'),
    Full: () => {
      expect(screen.getAllByRole('listitem')).toHaveLength(4);
      expect(screen.queryByText('No tasks yet')).not.toBeInTheDocument();
    },
    Today: () => expect(column('Mon 23 Nov')).toHaveAttribute('aria-current', 'date'),
    Selected: () => expect(screen.getByRole('button', { name: 'Buy groceries' })).toBeInTheDocument(),
    SomeDay: () => expect(column('Some Day')).toHaveTextContent('Book train tickets'),
    DropTarget: () => expect(screen.getByRole('button', { name: 'Review the pull request for the new sync code' })).toBeInTheDocument(),
    Adding: () => expect(screen.getByRole('textbox', { name: 'New task for Mon 23 Nov' })).toHaveFocus(),
    PhoneEmpty: () => expect(screen.getByRole('heading', { name: 'Mon 23 Nov' }).closest('header')).toHaveTextContent('No tasks yet'),
    PhoneFull: () => expect(screen.getAllByRole('listitem')).toHaveLength(4),
  });
});

describe('AddTaskInput stories', () => {
  const input = () => screen.getByRole('textbox', { name: 'New task for Mon 23 Nov' });
  eachStory(composeStories(addTaskInputStories), {
    Empty: () => expect(input()).toHaveAttribute('placeholder', 'What needs doing?'),
    // The play functions assert the callbacks; Enter empties the line for the next task, Escape leaves it to the parent.
    AddsOnEnter: () => expect(input()).toHaveValue(''),
    ClosesOnEscape: () => expect(input()).toHaveValue('Never mind'),
    Dark: () => expect(input()).toHaveFocus(),
  });
});

describe('PremiumDialog stories', () => {
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const button = (name: string) => screen.getByRole('button', { name });
  eachStory(composeStories(premiumDialogStories), {
    Visitor: () => {
      expect(dialog('Go Premium')).toBeInTheDocument();
      screen.getAllByRole('button', { name: 'Sign in to Subscribe' }).forEach((subscribe) => expect(subscribe).toBeDisabled());
      expect(screen.getByRole('link', { name: 'Already have an account? Sign in here' })).toHaveAttribute('href', '/auth');
    },
    SignedIn: () => {
      expect(button('Subscribe Monthly')).toBeEnabled();
      expect(button('Subscribe Annually')).toBeEnabled();
    },
    LoadingMonthly: () => {
      expect(button('Loading...')).toHaveAttribute('aria-busy', 'true');
      expect(button('Subscribe Annually')).toBeDisabled();
    },
    Subscribed: () => {
      expect(dialog('Subscription Active')).toHaveTextContent('Premium Plan Active');
      expect(screen.getByText('Renews on December 22, 2026')).toBeInTheDocument();
      expect(button('Manage Billing')).toBeEnabled();
    },
    SubscribedWithoutEndDate: () => {
      expect(dialog('Subscription Active')).toHaveTextContent('Premium Plan Active');
      expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
    },
    OpeningBillingPortal: () => expect(button('Loading...')).toBeDisabled(),
    VisitorDark: () => expect(dialog('Go Premium')).toHaveTextContent('Choose Your Plan'),
  });
});

describe('TaskDetailsDialog stories', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Task details' });
  eachStory(composeStories(taskDetailsStories), {
    PlainTask: () => expect(screen.getByRole('button', { name: 'Move to…' })).toBeInTheDocument(),
    Occurrence: () => expect(dialog()).toHaveAccessibleDescription('Every Monday'),
    Phone: () => expect(screen.getByRole('link', { name: 'https://example.com/flights' })).toBeInTheDocument(),
    WithChecklist: () => expect(screen.getByRole('heading', { name: /Checklist/ })).toHaveTextContent('1 of 2 done'),
  });
});

describe('RepeatPicker stories', () => {
  const saved = () => screen.getByRole('status', { name: 'Saved repeat' });
  eachStory(composeStories(repeatPickerStories), {
    DoesNotRepeat: () => expect(saved()).toHaveTextContent('none'),
    MondaysAndWednesdays: () => expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked(),
    LastDayOfTheMonth: () => expect(saved()).toHaveTextContent('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12'),
    AfterCompleting: () => {
      expect(saved()).toHaveTextContent('10 days after completing');
      expect(screen.queryByRole('combobox', { name: 'Ends' })).not.toBeInTheDocument();
    },
    Dark: () => expect(saved()).toHaveTextContent('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270630'),
  });
});

describe('SearchDialog stories', () => {
  const status = () => screen.getByRole('status');
  const results = () => screen.getAllByRole('option').map((option) => option.textContent);
  eachStory(composeStories(searchDialogStories), {
    Results: () => expect(results()).toEqual([
      'Café with AnnaFri 27 Nov',
      'Cafe meet-up↻Every Monday · next Mon 30 Nov',
      'Book the café for the partyWed 2 Dec',
      'Try the new cafe downtownSome Day',
      'ExpensesReceipts from the cafe and the trainMon 5 OctDone',
    ]),
    NoResults: () => expect(status()).toHaveTextContent('No tasks match “zebra”.'),
    Empty: () => expect(status()).toHaveTextContent('Type to search every week, Some Day and repeating tasks, done ones too.'),
    CutToLimit: () => expect(status()).toHaveTextContent('A search holds at most 200 characters: the rest was left out.'),
    Phone: () => expect(screen.getByRole('combobox', { name: 'Search tasks' })).toHaveFocus(),
    Dark: () => expect(screen.getByRole('listbox', { name: 'Results' })).toBeInTheDocument(),
  });
});
