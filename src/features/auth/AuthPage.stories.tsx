import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { pendingBackend, unreachableBackend, withStore } from '../../app/storyStore';
import { Toaster } from '../../components/ui/Toaster';
import AuthPage from './AuthPage';

// The page is wired to the store; the stories' backends never reach a server: one stays loading,
// the other fails, so each state of the form can be seen.

const meta = {
  title: 'Pages/Auth',
  component: AuthPage,
  parameters: { layout: 'fullscreen' },
  // The Toaster shows sign-in errors; like the page, it needs the story's store (a decorator inside this render).
  render: () => (
    <>
      <AuthPage />
      <Toaster />
    </>
  ),
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/auth']}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof AuthPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const fillIn = async ({ canvas, userEvent }: Parameters<NonNullable<Story['play']>>[0]) => {
  await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(canvas.getByLabelText('Password'), 'correct horse');
};

export const SignIn: Story = { decorators: [withStore({ backend: pendingBackend })] };

export const SignUp: Story = {
  decorators: [withStore({ backend: pendingBackend })],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
    await expect(canvas.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  },
};

export const Submitting: Story = {
  decorators: [withStore({ backend: pendingBackend })],
  play: async (context) => {
    await fillIn(context);
    await context.userEvent.click(context.canvas.getByRole('button', { name: 'Sign In' }));
    await expect(context.canvas.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  },
};

export const SignInFails: Story = {
  decorators: [withStore({ backend: unreachableBackend('Could not reach the server') })],
  play: async (context) => {
    await fillIn(context);
    await context.userEvent.click(context.canvas.getByRole('button', { name: 'Sign In' }));
    const page = within(context.canvasElement.ownerDocument.body);
    await expect(await page.findByText('Could not reach the server')).toBeInTheDocument();
    await expect(context.canvas.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  },
};

export const SignUpDark: Story = {
  decorators: [
    (Story) => (
      <div className="dark">
        <Story />
      </div>
    ),
    withStore({ backend: pendingBackend, theme: 'dark' }),
  ],
  play: SignUp.play,
};
