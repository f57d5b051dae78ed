/**
 * The database schema, one file per area (each imports the areas it references directly, never this file).
 * drizzle-kit reads it through these re-exports (drizzle.config.ts); the rest of the server imports from here.
 */
export * from './accounts.ts';
export * from './admin.ts';
export * from './blogs.ts';
export * from './catalogue.ts';
export * from './connect.ts';
export * from './crm.ts';
export * from './mail.ts';
export * from './parameters.ts';
export * from './publishing.ts';
export * from './seed-runs.ts';
export * from './site.ts';
export * from './videos.ts';
export * from './viewer.ts';
