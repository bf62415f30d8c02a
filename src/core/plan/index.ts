export * from './observations';
export * from './plan';
export { impersonation } from './predicates';
export * from './privilege';
export * from './target';
