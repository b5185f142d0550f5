import type { Meta, StoryObj } from '@storybook/react-vite';
import { SparklesIcon } from '../icons';
import { ArrowRightIcon } from '../pageIcons';
import { Button } from './Button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Open Planner' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'premium'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'icon'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = { args: { variant: 'primary' } };
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Premium: Story = {
  args: {
    variant: 'premium',
    children: (
      <>
        <SparklesIcon /> Go Premium
      </>
    ),
  },
};
export const Disabled: Story = { args: { disabled: true, children: 'Sign in to Subscribe' } };
export const WithIcon: Story = {
  args: {
    size: 'lg',
    children: (
      <>
        Start planning <ArrowRightIcon />
      </>
    ),
  },
};

export const AllVariants: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-3">
      <Button>Primary</Button>
      <Button variant="secondary">Secondary</Button>
      <Button variant="ghost">Ghost</Button>
      <Button variant="premium">Premium</Button>
      <Button disabled>Disabled</Button>
      <Button size="sm">Small</Button>
      <Button size="lg">Large</Button>
    </div>
  ),
};
