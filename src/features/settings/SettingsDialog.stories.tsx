import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import SettingsDialog from './SettingsDialog';

const meta = {
  title: 'Dialogs/Settings',
  component: SettingsDialog,
  args: {
    open: true,
    onClose: fn(),
    rollover: false,
    onRolloverChange: fn(),
    onExport: fn(),
    onFileChosen: fn(),
    pendingCount: null,
    onMerge: fn(),
    onReplace: fn(),
    onCancelImport: fn(),
    error: null,
    status: null,
  },
} satisfies Meta<typeof SettingsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const RolloverOn: Story = { args: { rollover: true } };

export const AskingHowToImport: Story = { args: { pendingCount: 5000 } };

export const NotABackup: Story = { args: { error: 'This file is not a Weekly Planner backup. It does not hold JSON.' } };

export const Imported: Story = { args: { status: 'Merged 12 tasks from the backup. Ctrl+Z undoes it.' } };

export const Dark: Story = {
  args: { rollover: true, pendingCount: 3 },
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
  ],
};
