// The one door to rrule for the app. A named import, not a namespace: a namespace object needs Rolldown's
// runtime helper, which then becomes a chunk of its own on every first load. Node cannot see rrule's UMD names;
// the bench reaches it through bench/rruleNode.ts (bench/tsconfig.json).
export { RRule } from 'rrule';
