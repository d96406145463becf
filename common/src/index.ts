export * from './errors.js';
export * from './limits.js';
export * from './format.js';
export * from './schemas/auth.js';
export * from './schemas/error.js';
export * from './levels.js';
export * from './schemas/posts.js';
export * from './schemas/notifications.js';
