import { fireEvent, render, screen } from '@testing-library/react';
import { AppLink } from '../../src/app/AppLink';
import { NavigateContext, useAppNavigate } from '../../src/app/navigation';

function renderLink() {
  const navigate = jest.fn();
  render(
    <NavigateContext value={navigate}>
      <AppLink to="/auth">Sign in here</AppLink>
    </NavigateContext>,
  );
  return { navigate, link: screen.getByRole('link', { name: 'Sign in here' }) };
}

it('is a real link that a plain click follows inside the app', () => {
  const { navigate, link } = renderLink();
  expect(link).toHaveAttribute('href', '/auth');
  // fireEvent returns false when the default (a page load) was prevented.
  expect(fireEvent.click(link)).toBe(false);
  expect(navigate).toHaveBeenCalledWith('/auth');
});

it.each([{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }])('leaves %j to the browser (a new tab or window)', (init) => {
  const { navigate, link } = renderLink();
  expect(fireEvent.click(link, init)).toBe(true);
  expect(navigate).not.toHaveBeenCalled();
});

it('asks for a provider rather than navigating nowhere', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  function Orphan() {
    useAppNavigate();
    return null;
  }
  expect(() => render(<Orphan />)).toThrow(/NavigateContext/);
  jest.restoreAllMocks();
});
