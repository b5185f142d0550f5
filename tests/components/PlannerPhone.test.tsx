import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DayStrip } from '../../src/features/planner/DayStrip';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import { renderWithProviders } from '../utils/renderWithProviders';

// The phone's agenda: opening on today, the day strip, 'Today' bringing today's heading into view.
const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
const scrolled: string[] = [];
beforeEach(() => {
  jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] });
  scrolled.length = 0;
  // jsdom lays nothing out: record which element each scroll brings into view.
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this.id || this.tagName);
  };
});
afterEach(() => {
  jest.useRealTimers();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  delete (window as Partial<Window>).matchMedia;
});

function narrow(matches: boolean) {
  window.matchMedia = (query: string) => ({ matches, media: query }) as MediaQueryList;
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
// The page's lazy parts (drag layer, menus) arrive a task later; let them land inside act().
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the planner on a phone', () => {
  it("opens on today's heading on a narrow screen, and not on a wide one", async () => {
    narrow(true);
    const { unmount } = renderWithProviders(<PlannerPage />);
    expect(scrolled).toEqual(['day-2026-11-25']);
    await settle();
    unmount();
    scrolled.length = 0;
    narrow(false);
    renderWithProviders(<PlannerPage />);
    expect(scrolled).toEqual([]);
    await settle();
  });

  it("jumps to a day from the strip, today marked; 'Today' shows today's week and brings its heading into view", async () => {
    narrow(false);
    const { user } = renderWithProviders(<PlannerPage />);
    const strip = screen.getByRole('navigation', { name: 'Days' });
    expect(within(strip).getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual([
      'Mon 23 Nov',
      'Tue 24 Nov',
      'Wed 25 Nov',
      'Thu 26 Nov',
      'Fri 27 Nov',
      'Sat 28 Nov',
      'Sun 29 Nov',
      'Some Day',
    ]);
    expect(within(strip).getByRole('button', { name: 'Wed 25 Nov' })).toHaveAttribute('aria-current', 'date');
    await user.click(within(strip).getByRole('button', { name: 'Fri 27 Nov' }));
    await user.click(within(strip).getByRole('button', { name: 'Some Day' }));
    expect(scrolled).toEqual(['day-2026-11-27', 'day-someday']);
    // Each id names its day's section.
    expect(document.getElementById('day-2026-11-27')).toBe(screen.getByRole('region', { name: 'Fri 27 Nov' }));

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await nextFrame();
    expect(screen.getByRole('region', { name: 'Wed 25 Nov' })).toBeInTheDocument();
    expect(scrolled.at(-1)).toBe('day-2026-11-25');
  }, 15_000);

  it('shows an empty day as one line: heading, "No tasks yet" and add, in its header', async () => {
    renderWithProviders(<PlannerPage />);
    await settle();
    const sunday = screen.getByRole('region', { name: 'Sun 29 Nov' });
    const header = within(sunday).getByRole('heading', { name: 'Sun 29 Nov' }).closest('header')!;
    expect(within(header).getByText('No tasks yet')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Add task to Sun 29 Nov' })).toBeInTheDocument();
  });
});

describe('DayStrip', () => {
  it('names each day by what it shows, then its month, and calls back with its key', async () => {
    const onJump = jest.fn();
    render(<DayStrip days={[{ date: '2026-11-23', weekday: 'Mon', day: '23', label: 'Mon 23 Nov', isToday: false }]} onJump={onJump} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mon 23 Nov' }));
    expect(onJump).toHaveBeenCalledWith('2026-11-23');
    expect(screen.getByRole('button', { name: 'Mon 23 Nov' })).toHaveTextContent('Mon 23');
  });
});
