import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { UserMenu } from './UserMenu';

const meta = {
  title: 'Planner/User menu',
  component: UserMenu,
  args: {
    signedIn: false,
    subscribed: false,
    email: null,
    onAbout: fn(),
    onSettings: fn(),
    onPrint: fn(),
    onPremium: fn(),
    onBilling: fn(),
    onSignIn: fn(),
    onSignOut: fn(),
  },
  // Room for the open menu, which hangs below the button on the right.
  decorators: [
    (Story) => (
      <div className="flex h-80 justify-end p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const openMenu: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: 'User menu' }));
  // The menu fades in: wait for it rather than catch it mid-transition.
  await waitFor(() => expect(canvas.getByRole('menu')).toBeVisible());
};

export const Visitor: Story = {};

export const VisitorOpen: Story = { play: openMenu };

export const SignedInOpen: Story = {
  args: { signedIn: true, email: 'ada@example.com' },
  play: openMenu,
};

export const SubscriberOpen: Story = {
  args: { signedIn: true, subscribed: true, email: 'grace.hopper@example.com' },
  play: openMenu,
};

export const SubscriberOpenDark: Story = {
  args: SubscriberOpen.args,
  play: openMenu,
  decorators: [
    (Story) => (
      <div className="dark rounded-xl bg-slate-950 p-4">
        <Story />
      </div>
    ),
  ],
};
