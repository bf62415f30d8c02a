export * from './builtins';
export * from './registry';
export * from './resolve';
export * from './shape';
