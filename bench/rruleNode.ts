import { createRequire } from 'node:module';

// rrule's Node entry is a UMD bundle whose names Node's ESM loader cannot see, so `import { RRule } from 'rrule'`
// fails under tsx. The bench's tsconfig (bench/tsconfig.json) points 'rrule' here, which takes it through require.
const rrule = createRequire(import.meta.url)('rrule/dist/es5/rrule.js') as typeof import('rrule');
export const { RRule } = rrule;
