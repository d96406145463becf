// The whole database schema, one file per aggregate. drizzle-kit reads this file to generate
// migrations (server/drizzle.config.ts) and the client passes it to Drizzle for relational queries.
export * from './users.js';
export * from './posts.js';
export * from './notifications.js';
export * from './chat.js';
export * from './moderation.js';
export * from './points.js';
export * from './bulk-ops.js';
export * from './system.js';
export * from './analysis.js';
export * from './relations.js';
