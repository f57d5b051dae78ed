export * from './api-routes.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/fields.ts';
export * from './schemas/research.ts';
export * from './web-routes.ts';
