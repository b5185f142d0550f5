import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withStore } from '../../app/storyStore';
import { notify } from '../../lib/notify';
import { Button } from './Button';
import { Toaster } from './Toaster';

// Toaster follows the store's theme and shows whatever notify raises.
function ToastButtons() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={() => notify.success('Successfully signed in!')}>Notify success</Button>
      <Button variant="secondary" onClick={() => notify.error('Failed to sign out')}>
        Notify error
      </Button>
      <Toaster />
    </div>
  );
}

const meta = {
  title: 'UI/Toaster',
  component: ToastButtons,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ToastButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

const showBoth: Story['play'] = async ({ canvas, canvasElement, userEvent }) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Notify success' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Notify error' }));
  const page = within(canvasElement.ownerDocument.body);
  // In the document rather than visible: the toasts are still fading in.
  await expect(await page.findByText('Successfully signed in!')).toBeInTheDocument();
  await expect(await page.findByText('Failed to sign out')).toBeInTheDocument();
};

export const Light: Story = {
  decorators: [
    (Story) => (
      <div className="min-h-screen p-6">
        <Story />
      </div>
    ),
    withStore({ theme: 'light' }),
  ],
};

export const LightShowing: Story = { decorators: Light.decorators, play: showBoth };

export const Dark: Story = {
  decorators: [
    (Story) => (
      <div className="dark min-h-screen bg-slate-950 p-6 text-slate-100">
        <Story />
      </div>
    ),
    withStore({ theme: 'dark' }),
  ],
};

export const DarkShowing: Story = { decorators: Dark.decorators, play: showBoth };
