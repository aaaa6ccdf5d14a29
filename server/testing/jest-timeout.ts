// A server file's hooks start a provider and log listeners in (scrypt): on a loaded 2-core machine that outran jest's
// 5 s default (a clean-clone run of session 9 timed out 17 files' beforeAll). jest reads testTimeout from the global
// config only, so the server project sets it here; a file that sets its own keeps it. A hang still fails.
jest.setTimeout(30_000);
