import { TASK_ATTR } from '../dnd/backend/attributes';
import { dayElementId } from './reveal';

/**
 * How long a new card may take to show before '+' gives up opening it: both this long and this many frames. It
 * shows within a frame or two, except when the press came in the moment after the first screen hydrated, before
 * React subscribed to the store: then it shows on the next commit, which a busy page (a signed-in load starting
 * its sync, a slow phone, a loaded machine) may not make within a second. Frames come only as fast as the page can
 * make them, so counting them waits for the commit however slow the page is, and the time keeps a fast page from
 * giving up within a few milliseconds.
 */
export const READY_TO_TYPE_WAIT_MS = 1000;
export const READY_TO_TYPE_WAIT_FRAMES = 60;

/** Brings the new card into view with its title open for editing, all selected: typing replaces 'New task'. */
export function showReadyToType(
  date: string,
  id: string,
  until = performance.now() + READY_TO_TYPE_WAIT_MS,
  framesLeft = READY_TO_TYPE_WAIT_FRAMES,
): void {
  const card = document.getElementById(dayElementId(date))?.querySelector(`[${TASK_ATTR}="${id}"]`);
  if (!card) {
    if (performance.now() < until || framesLeft > 0) requestAnimationFrame(() => showReadyToType(date, id, until, framesLeft - 1));
    return;
  }
  card.scrollIntoView?.({ block: 'center' });
  card.querySelector<HTMLButtonElement>('button.task-title')?.click();
}
