// The floor the planner is measured against: a plain-DOM page with no framework that renders the same
// week grid from the same localStorage data (every card, Mon–Sun and Some Day) and completes or deletes
// a task on click, and renames one in place (click the title, type, Enter). Written for this bench after the approach of the team's speed ruler (shared/perf).
// Its rename does what the planner's does: Enter puts the title back and keeps keyboard focus on it, where a
// keyboard user goes on from. With `?rename=drop` it leaves focus to fall to the page instead (what this floor did
// up to the ninth pass of docs/performance.md): the ruler prints the rename against both.

export const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Weekly Planner floor</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
  h1 { margin: 0; padding: 12px 16px; font-size: 18px; }
  main { display: grid; grid-template-columns: repeat(8, minmax(0, 1fr)); gap: 8px; padding: 0 16px 16px; }
  section { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 8px; min-height: 192px; }
  section h2 { margin: 0 0 8px; font-size: 14px; }
  ul { list-style: none; margin: 0; padding: 0; }
  li { display: flex; align-items: center; gap: 6px; padding: 6px; margin-bottom: 8px; border: 1px solid #e2e8f0; border-radius: 10px; }
  li span { flex: 1; min-width: 0; overflow-wrap: anywhere; }
  li.done { color: #94a3b8; background: #f8fafc; }
  li.done span { text-decoration: line-through; }
  button { border: 0; background: none; cursor: pointer; color: #64748b; }
  .empty { color: #94a3b8; }
</style>
</head>
<body>
<h1 id="title"></h1>
<main id="grid"></main>
<script>
(() => {
  const KEY = 'weekly-planner-tasks';
  let tasks = [];
  try { const stored = JSON.parse(localStorage.getItem(KEY) || '[]'); if (Array.isArray(stored)) tasks = stored; } catch (e) {}
  const two = (n) => String(n).padStart(2, '0');
  const dayKey = (d) => d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate());
  const now = new Date();
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const columns = names.map((name, i) => {
    const d = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i);
    return { key: dayKey(d), name: name + ' ' + d.getDate() + '/' + (d.getMonth() + 1) };
  });
  columns.push({ key: 'someday', name: 'Some Day' });
  const byDay = new Map(columns.map((c) => [c.key, []]));
  const byId = new Map();
  for (const t of tasks) { byId.set(String(t.id), t); const list = byDay.get(t.date); if (list) list.push(t); }
  const escape = (s) => String(s).replace(/[&<>"']/g, (ch) => '&#' + ch.charCodeAt(0) + ';');
  const parts = [];
  for (const c of columns) {
    const list = byDay.get(c.key).sort((a, b) => (a.order || 0) - (b.order || 0));
    parts.push('<section><h2>' + c.name + '</h2><ul>');
    for (const t of list) {
      parts.push('<li data-id="' + escape(t.id) + '"' + (t.completed ? ' class="done"' : '') + '><button type="button" aria-label="Toggle complete" aria-pressed="' +
        !!t.completed + '">&#x2713;</button><span>' + escape(t.title) + '</span><button type="button" aria-label="Delete task">&#x2715;</button></li>');
    }
    parts.push('</ul>' + (list.length ? '' : '<p class="empty">No tasks yet</p>') + '</section>');
  }
  document.getElementById('title').textContent = 'Week of ' + columns[0].name;
  document.getElementById('grid').innerHTML = parts.join('');
  let timer = 0;
  const save = () => { clearTimeout(timer); timer = setTimeout(() => { try { localStorage.setItem(KEY, JSON.stringify(tasks)); } catch (e) {} }, 0); };
  // Rename: the title becomes a text field; Enter puts the new title back as text, focused (or, dropping focus, not).
  const keepFocus = new URLSearchParams(location.search).get('rename') !== 'drop';
  document.getElementById('grid').addEventListener('keydown', (event) => {
    const input = event.target.closest('input');
    if (!input || event.key !== 'Enter') return;
    const card = input.closest('li');
    const task = byId.get(card.dataset.id);
    const span = document.createElement('span');
    task.title = input.value.trim() || task.title;
    span.textContent = task.title;
    if (keepFocus) span.tabIndex = -1;
    input.replaceWith(span);
    if (keepFocus) span.focus({ preventScroll: true });
    save();
  });
  document.getElementById('grid').addEventListener('click', (event) => {
    if (event.target.tagName === 'SPAN' && event.target.parentElement.tagName === 'LI') {
      const input = document.createElement('input');
      input.value = event.target.textContent;
      event.target.replaceWith(input);
      input.focus();
      return;
    }
    const button = event.target.closest('button');
    const card = button && button.closest('li');
    if (!card) return;
    const task = byId.get(card.dataset.id);
    if (button.getAttribute('aria-label') === 'Delete task') {
      tasks = tasks.filter((t) => t !== task);
      card.remove();
    } else {
      task.completed = !task.completed;
      card.classList.toggle('done', task.completed);
      button.setAttribute('aria-pressed', String(task.completed));
    }
    save();
  });
})();
</script>
</body>
</html>
`;
