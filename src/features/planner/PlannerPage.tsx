// Placeholder until the planner UI lands.
export function PlannerPage() {
  return <main>Planner</main>;
}
