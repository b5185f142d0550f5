import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NavigateContext } from '../../app/navigation';
import PremiumDialog from './PremiumDialog';

const meta = {
  title: 'Dialogs/Premium',
  component: PremiumDialog,
  args: {
    open: true,
    onClose: fn(),
    signedIn: false,
    subscribed: false,
    tier: null,
    subscriptionEnd: null,
    loadingPlan: null,
    onSubscribe: fn(),
    onManageBilling: fn(),
    billingLoading: false,
  },
  decorators: [
    (Story) => (
      <NavigateContext value={fn()}>
        <Story />
      </NavigateContext>
    ),
  ],
} satisfies Meta<typeof PremiumDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {};

export const SignedIn: Story = { args: { signedIn: true } };

export const LoadingMonthly: Story = { args: { signedIn: true, loadingPlan: 'monthly' } };

export const Subscribed: Story = {
  args: { signedIn: true, subscribed: true, tier: 'Premium', subscriptionEnd: '2026-12-22T12:00:00.000Z' },
};

export const SubscribedWithoutEndDate: Story = {
  args: { signedIn: true, subscribed: true, tier: 'Premium', subscriptionEnd: null },
};

export const OpeningBillingPortal: Story = {
  args: { ...Subscribed.args, billingLoading: true },
};

export const VisitorDark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
  ],
};
