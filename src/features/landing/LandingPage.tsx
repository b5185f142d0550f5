// Placeholder until the landing page lands.
export default function LandingPage() {
  return <main>Plan Less. Achieve More.</main>;
}
