import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import LandingPage from '../../src/features/landing/LandingPage';
import { initAnalytics } from '../../src/lib/analytics';

// posthog-js is the third-party boundary; our analytics module runs for real in front of it.
const mockPosthog = { init: jest.fn(), capture: jest.fn() };
jest.mock('posthog-js', () => ({ __esModule: true, default: mockPosthog }));

function renderLanding() {
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="/home" element={<LandingPage />} />
          <Route path="/" element={<p>Planner screen</p>} />
          <Route path="/auth" element={<p>Sign-in screen</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
  return { user, ...view };
}

const plan = (name: string) => screen.getByRole('article', { name });
const reading = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

beforeAll(() => initAnalytics({ VITE_POSTHOG_KEY: 'phc_test' }));
beforeEach(() => mockPosthog.capture.mockClear());

describe('LandingPage', () => {
  it('has a header link to open the planner', async () => {
    const { user } = renderLanding();
    const header = screen.getByRole('banner');
    const open = within(header).getByRole('link', { name: 'Open Planner' });
    expect(open).toHaveAttribute('href', '/');
    await user.click(open);
    expect(screen.getByText('Planner screen')).toBeInTheDocument();
  });

  it('leads with the hero and a call to start', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Plan Less. Achieve More.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Planning' })).toHaveAttribute('href', '/');
  });

  it('shows six feature cards and the three steps of How It Works', () => {
    renderLanding();
    const features = screen.getByRole('region', { name: /Everything a week needs/ });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    const howItWorks = screen.getByRole('region', { name: 'How It Works' });
    expect(within(howItWorks).getAllByRole('listitem')).toHaveLength(3);
  });

  it('offers the Free plan with its inclusions and a link to the planner', async () => {
    const { user } = renderLanding();
    const free = within(plan('Free'));
    expect(free.getByText('$0')).toBeInTheDocument();
    for (const item of ['Unlimited tasks', 'Local storage', 'Mobile responsive', 'Dark/light themes']) {
      expect(free.getByText(item)).toBeInTheDocument();
    }
    const start = free.getByRole('link', { name: 'Get Started Free' });
    expect(start).toHaveAttribute('href', '/');
    await user.click(start);
    expect(screen.getByText('Planner screen')).toBeInTheDocument();
  });

  it('offers Premium at $2.90 per month as Most Popular, with a link to sign in', async () => {
    const { user } = renderLanding();
    const premium = within(plan('Premium'));
    expect(premium.getByText(reading('$2.90per month'))).toBeInTheDocument();
    expect(premium.getByText('$2.90')).toBeInTheDocument();
    expect(premium.getByText('per month')).toBeInTheDocument();
    expect(premium.getByText('Most Popular')).toBeInTheDocument();
    for (const item of ['Everything in Free', 'Cloud synchronization', 'Multi-device access', 'Priority support']) {
      expect(premium.getByText(item)).toBeInTheDocument();
    }
    const upgrade = premium.getByRole('link', { name: 'Upgrade to Premium' });
    expect(upgrade).toHaveAttribute('href', '/auth');
    await user.click(upgrade);
    expect(screen.getByText('Sign-in screen')).toBeInTheDocument();
  });

  it('ends with a call to action and a footer', () => {
    renderLanding();
    expect(screen.getByRole('region', { name: 'Ready to plan your week?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Start Planning Now/ })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('contentinfo')).getByText(/^© \d{4} Weekly Planner$/)).toBeInTheDocument();
  });

  it("sends 'home_page_viewed' once per visit, even under StrictMode", () => {
    const { unmount } = renderLanding();
    expect(mockPosthog.capture.mock.calls).toEqual([['home_page_viewed', undefined]]);
    unmount();
    renderLanding();
    expect(mockPosthog.capture).toHaveBeenCalledTimes(2);
  });
});
