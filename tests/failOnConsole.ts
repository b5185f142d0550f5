import failOnConsole from 'jest-fail-on-console';

// A passing run prints test names and the summary only: any console output a test did not expect fails
// it. A test that expects a message spies on the console method, asserts it and keeps it quiet.
failOnConsole({
  shouldFailOnError: true,
  shouldFailOnWarn: true,
  shouldFailOnLog: true,
  shouldFailOnInfo: true,
  shouldFailOnDebug: true,
  // sonner shows and removes a toast from its own timers (flushSync inside setTimeout); with fake timers
  // those can land after a test's last act(). Only those two components' updates are let through.
  silenceMessage: (message) => /^An update to (ForwardRef\(Toaster\)|Toast) inside a test was not wrapped in act/.test(message),
});
