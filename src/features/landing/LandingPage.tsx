import { useEffect, useRef } from 'react';
import { track } from '../../lib/analytics';
import { CallToAction } from './CallToAction';
import { Features } from './Features';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { Plans } from './Plans';

export default function LandingPage() {
  const viewed = useRef(false);
  useEffect(() => {
    // Once per mount: StrictMode's second effect run keeps the ref, so it does not send again.
    if (viewed.current) return;
    viewed.current = true;
    track('home_page_viewed');
  }, []);

  return (
    <div className="min-h-dvh bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <LandingHeader />
      <main>
        <Hero />
        <Features />
        <HowItWorks />
        <Plans />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
