export * from './audit';
export * from './contracts';
export * from './gate';
export * from './plan';
export * from './policy';
export * from './resolver';
export * from './text';
