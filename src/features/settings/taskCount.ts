/** '1 task', '5,000 tasks'. */
export const taskCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'task' : 'tasks'}`;
