import * as rrulePackage from 'rrule';

// rrule's Node entry is a UMD bundle whose names Node's own ESM loader cannot see (tsx running the bench finds
// only `default`); Vite and Jest read its names directly. One place takes RRule from whichever is there.
type Package = typeof rrulePackage;
const loaded = rrulePackage as Package & { default?: Package };
export const RRule: Package['RRule'] = loaded.RRule ?? loaded.default!.RRule;
