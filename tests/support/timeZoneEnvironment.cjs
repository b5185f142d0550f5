// A jsdom test environment whose tests can change the time zone (for daylight-saving tests):
// `@jest-environment ./tests/support/timeZoneEnvironment.cjs` in a test file's docblock, then
// `setTimeZone('Europe/Berlin')`. Node applies TZ when the worker's real process.env changes; a test file only
// sees Jest's copy of it. The zone the worker had is put back when the file is done.
const JSDOMEnvironment = require('jest-environment-jsdom').default;

class TimeZoneEnvironment extends JSDOMEnvironment {
  async setup() {
    await super.setup();
    this.originalZone = process.env.TZ;
    this.global.setTimeZone = (zone) => {
      process.env.TZ = zone;
    };
  }

  async teardown() {
    if (this.originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = this.originalZone;
    await super.teardown();
  }
}

module.exports = TimeZoneEnvironment;
