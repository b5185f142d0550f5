import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { CallToAction } from './CallToAction';
import { Features } from './Features';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import LandingPage from './LandingPage';
import { Plans } from './Plans';

const meta = {
  title: 'Pages/Landing',
  component: LandingPage,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/home']}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark: NonNullable<Story['decorators']> = [
  (Story) => (
    <div className="dark bg-slate-950 text-slate-100">
      <Story />
    </div>
  ),
];

export const FullPage: Story = {};
export const FullPageDark: Story = { decorators: dark };
export const Header: Story = { render: () => <LandingHeader /> };
export const HeroSection: Story = { render: () => <Hero /> };
export const FeaturesSection: Story = { render: () => <Features /> };
export const HowItWorksSection: Story = { render: () => <HowItWorks /> };
export const PlansSection: Story = { render: () => <Plans /> };
export const PlansSectionDark: Story = { render: () => <Plans />, decorators: dark };
export const CallToActionSection: Story = { render: () => <CallToAction /> };
export const Footer: Story = { render: () => <LandingFooter /> };
