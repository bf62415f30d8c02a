export * from './chain';
export * from './outcome';
