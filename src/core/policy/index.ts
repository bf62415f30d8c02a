export * from './defaults';
export * from './effective';
export * from './issues';
export * from './migrate';
export * from './migrations';
export * from './policy';
export * from './resolve';
export * from './schema';
