// A real server's first request warms a cold database and a password hash: on a loaded 2-core machine that
// takes seconds, which is not a failure. (testTimeout is a global option; a project sets it here.)
jest.setTimeout(20_000);
