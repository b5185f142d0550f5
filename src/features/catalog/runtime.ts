// The label and list code the planner loads on demand (catalogHost.ts): events, their reducer and checks, the
// stored form's reader and the backup's import rules, kept off the first load.
export * from './catalogSlice';
export { readCatalog } from './storage';
export { catalogImportEvents } from './catalogImport';
