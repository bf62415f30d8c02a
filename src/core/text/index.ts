export * from './normalize';
export * from './site';
