export * from './observations';
export * from './plan';
export * from './privilege';
export * from './target';
