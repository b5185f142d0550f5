import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldError } from './FieldError';

const meta = {
  title: 'UI/FieldError',
  component: FieldError,
  args: { id: 'name-error', children: 'There is already a list called “Errands”.' },
} satisfies Meta<typeof FieldError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
