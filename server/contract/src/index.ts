export * from './auth.ts';
export * from './common.ts';
export * from './config.ts';
export * from './device.ts';
export * from './library.ts';
export * from './resource-types.ts';
export * from './services.ts';
export * from './users.ts';
