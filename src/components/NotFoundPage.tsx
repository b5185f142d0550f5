// Placeholder until the 404 page lands.
export function NotFoundPage() {
  return <main>Oops! Page not found</main>;
}
