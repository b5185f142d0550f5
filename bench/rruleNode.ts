import { createRequire } from 'node:module';
// The real package's types by path: 'rrule' itself resolves to this file under bench/tsconfig.json.
import type * as Rrule from '../node_modules/rrule/dist/esm/index.js';

// rrule's Node entry is a UMD bundle whose names Node's ESM loader cannot see, so `import { RRule } from 'rrule'`
// fails under tsx. The bench's tsconfig (bench/tsconfig.json) points 'rrule' here, which takes it through require.
const rrule = createRequire(import.meta.url)('rrule/dist/es5/rrule.js') as typeof Rrule;
export const { RRule } = rrule;
export type Options = Rrule.Options;
export type Weekday = Rrule.Weekday;
