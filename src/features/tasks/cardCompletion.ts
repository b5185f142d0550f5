/**
 * Shows a completion on a mounted TaskCard as its render would (data-done on the card, aria-pressed on its check
 * button), without rendering it: a container that leaves `completed` as it was at mount shows later ones this way
 * (see TaskCardContainer and useLiveTask).
 */
export function showCardCompletion(card: HTMLElement, completed: boolean): void {
  card.toggleAttribute('data-done', completed);
  card.querySelector('.task-check')?.setAttribute('aria-pressed', String(completed));
}
