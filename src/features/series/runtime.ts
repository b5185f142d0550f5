// The series code the planner loads on demand (seriesHost.ts): one chunk with rrule, kept off the first load.
export * from './seriesSlice';
export { occurrencesBetween, somedayOccurrences, exceptionsBySeries } from './occurrences';
export { describeRepeat } from './describe';
export { parseStoredSeries } from './storage';
export { seriesEventsToward } from './inverse';
export { occurrencesToRollOver } from './rollover';
export { validateRepeat } from './validate';
export { editEvents, splitEvents, deleteEvents, rescheduleEvents, stopRepeatingEvents, type EditScope } from './scopes';
export { isWellFormedSeriesEvent } from './wire';
export { serializeBackup, readFullBackup, seriesImportEvents } from './backupFormat';
export { occurrenceFacts, type OccurrenceFacts } from './facts';
// What the planner shows and does with occurrences: a week has none to show before this code is here.
export { occurrencesByDay } from './occurrencesByDay';
export { OccurrenceCardContainer } from './OccurrenceCardContainer';
export { occurrenceMovedHere } from './occurrenceScope';
