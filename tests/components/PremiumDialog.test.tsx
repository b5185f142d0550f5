import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouterNavigation } from '../../src/app/RouterNavigation';
import PremiumDialog, { type PremiumDialogProps } from '../../src/features/subscription/PremiumDialog';

function renderDialog(props: Partial<PremiumDialogProps> = {}) {
  const handlers = { onClose: jest.fn(), onSubscribe: jest.fn(), onManageBilling: jest.fn() };
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <RouterNavigation>
        <Routes>
          <Route
            path="/"
            element={
              <PremiumDialog
                open
                signedIn={false}
                subscribed={false}
                loadingPlan={null}
                billingLoading={false}
                {...handlers}
                {...props}
              />
            }
          />
          <Route path="/auth" element={<p>Sign-in page</p>} />
        </Routes>
      </RouterNavigation>
    </MemoryRouter>,
  );
  return { ...handlers, user };
}

const plan = (name: string) => screen.getByRole('article', { name });

/** Text read as a person reads it, even when styling splits it over elements ('$4.90' + '/month'). */
const reading = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

describe('PremiumDialog for someone not subscribed', () => {
  it('shows the pitch, the benefits and both plans, word for word', () => {
    renderDialog({ signedIn: true });
    const dialog = screen.getByRole('dialog', { name: 'Go Premium' });
    for (const text of [
      'Sync Across Unlimited Devices',
      'Real-time sync across all devices',
      'Secure cloud backup',
      'Access from web, mobile and desktop',
      'Choose Your Plan',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    const monthly = within(plan('Monthly'));
    expect(monthly.getByText(reading('$4.90/month'))).toBeInTheDocument();
    expect(monthly.getByText('Billed monthly')).toBeInTheDocument();
    expect(monthly.getByText('Cancel anytime')).toBeInTheDocument();
    expect(monthly.getByRole('button', { name: 'Subscribe Monthly' })).toBeEnabled();

    const annual = within(plan('Annual'));
    expect(annual.getByText('BEST VALUE')).toBeInTheDocument();
    expect(annual.getByText(reading('$2.90/month'))).toBeInTheDocument();
    expect(annual.getByText('$34.80 billed annually')).toBeInTheDocument();
    expect(annual.getByText('Save 41% compared to monthly')).toBeInTheDocument();
    expect(annual.getByRole('button', { name: 'Subscribe Annually' })).toBeEnabled();

    expect(screen.queryByRole('link', { name: 'Already have an account? Sign in here' })).not.toBeInTheDocument();
  });

  it('starts the checkout of the chosen plan', async () => {
    const { user, onSubscribe } = renderDialog({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Subscribe Annually' }));
    expect(onSubscribe).toHaveBeenLastCalledWith('annual');
    await user.click(screen.getByRole('button', { name: 'Subscribe Monthly' }));
    expect(onSubscribe).toHaveBeenLastCalledWith('monthly');
  });

  it('reads Loading... on the plan being checked out and holds both buttons meanwhile', () => {
    renderDialog({ signedIn: true, loadingPlan: 'monthly' });
    expect(within(plan('Monthly')).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(within(plan('Annual')).getByRole('button', { name: 'Subscribe Annually' })).toBeDisabled();
  });

  it('asks a visitor to sign in: both buttons disabled, and a link to /auth', async () => {
    const { user, onSubscribe } = renderDialog({ signedIn: false });
    const buttons = screen.getAllByRole('button', { name: 'Sign in to Subscribe' });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Subscribe (Monthly|Annually)/ })).not.toBeInTheDocument();
    await user.click(buttons[0]!);
    expect(onSubscribe).not.toHaveBeenCalled();

    const link = screen.getByRole('link', { name: 'Already have an account? Sign in here' });
    expect(link).toHaveAttribute('href', '/auth');
    await user.click(link);
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
  });
});

describe('PremiumDialog for a subscriber', () => {
  const subscriber = { signedIn: true, subscribed: true, tier: 'Premium' };

  it('is titled Subscription Active and shows the plan, renewal date and benefits', () => {
    renderDialog({ ...subscriber, subscriptionEnd: '2026-12-22T12:00:00.000Z' });
    const dialog = screen.getByRole('dialog', { name: 'Subscription Active' });
    expect(within(dialog).getByText('Premium Plan Active')).toBeInTheDocument();
    expect(within(dialog).getByText('Renews on December 22, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Real-time sync across all devices')).toBeInTheDocument();
    expect(within(dialog).getByText('Secure cloud backup')).toBeInTheDocument();
    expect(within(dialog).getByText('Access from web, mobile and desktop')).toBeInTheDocument();
    expect(within(dialog).queryByText('Choose Your Plan')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Go Premium' })).not.toBeInTheDocument();
  });

  it('leaves the renewal line out without an end date', () => {
    renderDialog({ ...subscriber, tier: 'Basic', subscriptionEnd: null });
    expect(screen.getByText('Basic Plan Active')).toBeInTheDocument();
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
  });

  it('opens billing from Manage Billing', async () => {
    const { user, onManageBilling } = renderDialog(subscriber);
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(onManageBilling).toHaveBeenCalledTimes(1);
  });

  it('holds Manage Billing while the portal opens', () => {
    renderDialog({ ...subscriber, billingLoading: true });
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });
});
