export * from './frame-chain';
export * from './observations';
export * from './plan';
export { frameVisible, impersonation } from './predicates';
export * from './privilege';
export * from './target';
