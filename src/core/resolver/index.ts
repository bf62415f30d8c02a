export * from './builtins';
export * from './json-schema';
export * from './page-tools';
export * from './registry';
export * from './resolve';
export * from './shape';
