import type { Meta, StoryObj } from '@storybook/react-vite';
import { Menu } from '../../components/ui/Menu';
import { UserMenuButton } from './UserMenuButton';

// The button the first screen shows before the menu's list has loaded (UserMenuContainer.tsx): its three looks.
const meta = {
  title: 'Planner/User menu button',
  component: UserMenuButton,
  args: { signedIn: false, subscribed: false, email: null },
  decorators: [
    (Story) => (
      <div className="flex justify-end p-4">
        <Menu>
          <Story />
        </Menu>
      </div>
    ),
  ],
} satisfies Meta<typeof UserMenuButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nobody signed in: a person icon. */
export const Visitor: Story = {};
/** Signed in: the account's initial. */
export const SignedIn: Story = { args: { signedIn: true, email: 'alex@example.com' } };
/** A Premium subscriber: the initial with an amber dot. */
export const Premium: Story = { args: { signedIn: true, subscribed: true, email: 'alex@example.com' } };
