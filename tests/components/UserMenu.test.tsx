import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserMenu, type UserMenuProps } from '../../src/features/auth/UserMenu';

function renderMenu(props: Partial<UserMenuProps> = {}) {
  const handlers = {
    onAbout: jest.fn(),
    onPremium: jest.fn(),
    onBilling: jest.fn(),
    onSignIn: jest.fn(),
    onSignOut: jest.fn(),
  };
  const user = userEvent.setup();
  render(
    <div>
      <p>Outside</p>
      <UserMenu signedIn={false} subscribed={false} {...handlers} {...props} />
    </div>,
  );
  const trigger = screen.getByRole('button', { name: 'User menu' });
  return { ...handlers, user, trigger };
}

const itemNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('UserMenu items', () => {
  it('offers a visitor About, Go Premium and Sign In', async () => {
    const { user, trigger } = renderMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'User menu' })).toBeInTheDocument();
    expect(itemNames()).toEqual(['About', 'Go Premium', 'Sign In']);
  });

  it('shows a signed-in user their email under Profile, Go Premium and Sign Out', async () => {
    const { user, trigger } = renderMenu({ signedIn: true, email: 'ada@example.com' });
    await user.click(trigger);
    expect(screen.getByRole('menuitem', { name: /Profile/ })).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('menuitem', { name: /Profile/ })).toHaveAttribute('aria-disabled', 'true');
    expect(itemNames()).toEqual(['Profileada@example.com', 'About', 'Go Premium', 'Sign Out']);
  });

  it('shows a subscriber Billing instead of Go Premium', async () => {
    const { user, trigger } = renderMenu({ signedIn: true, subscribed: true, email: 'ada@example.com' });
    await user.click(trigger);
    expect(itemNames()).toEqual(['Profileada@example.com', 'About', 'Billing', 'Sign Out']);
  });

  it('never offers Billing to someone who is not signed in', async () => {
    const { user, trigger } = renderMenu({ signedIn: false, subscribed: true });
    await user.click(trigger);
    expect(itemNames()).toEqual(['About', 'Go Premium', 'Sign In']);
  });

  it.each([
    ['About', {}, 'onAbout'],
    ['Go Premium', {}, 'onPremium'],
    ['Sign In', {}, 'onSignIn'],
    ['Billing', { signedIn: true, subscribed: true, email: 'a@b.c' }, 'onBilling'],
    ['Sign Out', { signedIn: true, email: 'a@b.c' }, 'onSignOut'],
  ] as const)('choosing %s calls its handler and closes the menu', async (name, props, handler) => {
    const rendered = renderMenu(props);
    await rendered.user.click(rendered.trigger);
    await rendered.user.click(screen.getByRole('menuitem', { name }));
    expect(rendered[handler]).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(rendered.trigger).toHaveFocus();
  });

  it('does nothing when the Profile entry is chosen', async () => {
    const { user, trigger, ...handlers } = renderMenu({ signedIn: true, email: 'ada@example.com' });
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: /Profile/ }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });
});

describe('UserMenu keyboard and pointer behaviour', () => {
  it('opens from the keyboard on the first item; arrows wrap; Home and End jump', async () => {
    const { user, trigger } = renderMenu({ signedIn: true, email: 'ada@example.com' });
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    const [profile, about, premium, signOut] = screen.getAllByRole('menuitem');
    expect(profile).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(about).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(profile).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{Home}');
    expect(profile).toHaveFocus();
    await user.keyboard('{End}');
    expect(signOut).toHaveFocus();
    await user.keyboard('g');
    expect(premium).toHaveFocus();
  });

  it('opens with ArrowUp on the last item and with Space on the first', async () => {
    const { user, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign In' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(screen.getByRole('menuitem', { name: 'About' })).toHaveFocus();
  });

  it('chooses the focused item with Enter', async () => {
    const { user, trigger, onPremium } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPremium).toHaveBeenCalledTimes(1);
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user, trigger, onAbout } = renderMenu();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    expect(onAbout).not.toHaveBeenCalled();
  });

  it('closes on Tab', async () => {
    const { user, trigger } = renderMenu();
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a press outside, and toggles on the button', async () => {
    const { user, trigger } = renderMenu();
    await user.click(trigger);
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(trigger);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
