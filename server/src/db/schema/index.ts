// Every table, for Drizzle's query builder and drizzle-kit.
export * from './users.ts';
export * from './sessions.ts';
export * from './tokens.ts';
export * from './mfa.ts';
export * from './instance.ts';
export * from './user-data.ts';
export * from './reminders.ts';
export * from './passkeys.ts';
export * from './oauth-server.ts';
export * from './billing.ts';
