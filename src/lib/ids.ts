/** Task ids as the spec gives them: 'task-', a timestamp, a random suffix. */
export function newTaskId(now: number = Date.now()): string {
  return `task-${now}-${Math.random().toString(36).slice(2, 11)}`;
}
