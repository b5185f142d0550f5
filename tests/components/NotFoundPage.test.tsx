import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../src/components/NotFoundPage';

function renderAt(path: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Link to="/second">Elsewhere</Link>
        <Routes>
          <Route path="/" element={<p>Planner home</p>} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('NotFoundPage', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  const notFoundLogs = () =>
    consoleError.mock.calls.filter(([message]) => message === '404 Error: User attempted to access non-existent route:');

  it('says the page was not found and links back home', async () => {
    renderAt('/nope');
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Return to Home' });
    expect(link).toHaveAttribute('href', '/');
    await userEvent.click(link);
    expect(screen.getByText('Planner home')).toBeInTheDocument();
  });

  it('logs the unknown path once, even under StrictMode', () => {
    renderAt('/nope/deeper');
    expect(notFoundLogs()).toEqual([['404 Error: User attempted to access non-existent route:', '/nope/deeper']]);
  });

  it('logs each further unknown path it is shown for', async () => {
    renderAt('/first');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(notFoundLogs().map(([, path]) => path)).toEqual(['/first', '/second']);
  });
});
