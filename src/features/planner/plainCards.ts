import { TASK_ATTR } from '../dnd/backend/attributes';
import type { TaskEntity } from '../tasks/types';

// A column's first cards after its first group, when they are many, start plain (cardUpgrade.ts): thousands of list items with no handlers.
// Made as one string a group and parsed by the browser, as a plain-DOM page makes them, they cost no fibers, no React
// elements and no DOM calls per attribute: a first load's render of them at 5,000 tasks spent most of its time creating
// ~20,000 fibers and setting their DOM properties one call at a time. React owns the group element; its contents
// are this markup until the group becomes full cards (React then clears them and mounts the cards).

const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const SPECIAL = /[&<>"']/;
// Most titles and every id the app makes hold none of these: a test, then no new string.
const escapeHtml = (text: string) => (SPECIAL.test(text) ? text.replace(/[&<>"']/g, (ch) => ESCAPED[ch]!) : text);

/**
 * What PlainCard would render for each task, as markup: a full card's look and size without its controls
 * (.task-card.lite in index.css), the details button's place drawn by an empty span.
 */
export function plainCardsHtml(tasks: readonly TaskEntity[]): string {
  let html = '';
  for (const task of tasks) {
    html += `<li role="listitem" ${TASK_ATTR}="${escapeHtml(task.id)}" class="task-card lite"${task.completed ? ' data-done=""' : ''}><span class="task-title">${escapeHtml(task.title)}</span><span class="task-details" aria-hidden="true"></span></li>`;
  }
  return html;
}
