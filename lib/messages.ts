// The platform's catalogue of user-facing strings, one file per area in lib/messages/, all
// re-exported here so callers import from one place. Every string the specification names is
// quoted exactly, and test/unit/messages.test.ts asserts them. Add a new string to the file of the
// area that uses it; each compliance module keeps its own catalogue in lib/<module>/messages.ts.
// Never inline a spec string elsewhere.

export * from './messages/core.js';
export * from './messages/ui.js';
export * from './messages/shell.js';
export * from './messages/notifications.js';
export * from './messages/monitoring.js';
export * from './messages/admin.js';
export * from './messages/account.js';
