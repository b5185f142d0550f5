import { TASK_ATTR } from '../dnd/backend/attributes';
import type { SearchTarget } from './searchIndex';

// Picking a result shows its week (the caller dispatches that), then brings its card into view, puts focus on it
// and highlights it for a moment. The card may not be a full one at once: a column's cards after its first group, when
// they are many, start plain until they come into view (planner/cardUpgrade.ts), so the card is looked for frame by frame until it
// is a full card with its title button.

/** How long a result's card may take to show (a week of thousands of tasks renders in well under a second). */
const WAIT_MS = 3000;
const HIGHLIGHT_MS = 2000;

/** The card of a result on the page, if it is there: a task's by its id, an occurrence's by its repeat mark's id. */
function cardOf(target: SearchTarget): HTMLElement | null {
  if (target.kind === 'task') return document.querySelector<HTMLElement>(`[${TASK_ATTR}="${CSS.escape(target.id)}"]`);
  // OccurrenceCardContainer names the card's repeat mark `occurrence-<series id>-<original date>-repeat`.
  return document.getElementById(`occurrence-${target.seriesId}-${target.originalDate}-repeat`)?.closest('li') ?? null;
}

/** Focuses the result's card once it is on the page, scrolled into view, and marks it for HIGHLIGHT_MS. */
export function focusCard(target: SearchTarget, until = performance.now() + WAIT_MS): void {
  const card = cardOf(target);
  const title = card?.querySelector<HTMLButtonElement>('button.task-title');
  if (!card || !title) {
    // A plain card becomes a full one as it comes into view.
    card?.scrollIntoView?.({ block: 'center' });
    if (performance.now() < until) requestAnimationFrame(() => focusCard(target, until));
    return;
  }
  card.scrollIntoView?.({ block: 'center' });
  title.focus({ preventScroll: true });
  card.setAttribute('data-found', '');
  const glow = card.animate?.(
    [{ boxShadow: '0 0 0 3px rgb(99 102 241)' }, { boxShadow: '0 0 0 3px rgb(99 102 241)', offset: 0.6 }, { boxShadow: '0 0 0 3px rgb(99 102 241 / 0)' }],
    { duration: HIGHLIGHT_MS, easing: 'ease-out' },
  );
  const clear = () => card.removeAttribute('data-found');
  if (glow) glow.onfinish = glow.oncancel = clear;
  else setTimeout(clear, HIGHLIGHT_MS);
}
