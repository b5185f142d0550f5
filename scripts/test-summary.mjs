// One closing line over both runners, e.g. "test: 440 passed, 0 failed".
import { readFileSync } from 'node:fs';

const [jestFile, e2eFile] = process.argv.slice(2);
const jest = JSON.parse(readFileSync(jestFile, 'utf8'));
const e2e = JSON.parse(readFileSync(e2eFile, 'utf8')).stats;
const passed = jest.numPassedTests + e2e.expected;
const failed = jest.numFailedTests + e2e.unexpected;
const skipped = jest.numPendingTests + e2e.skipped;
console.log(`\nJest: ${jest.numPassedTests} passed; browser: ${e2e.expected} passed${e2e.flaky ? `, ${e2e.flaky} flaky` : ''}`);
console.log(`test: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
