export * from './confusables';
export * from './domains';
export * from './invisibles';
export * from './labels';
export * from './normalize';
export * from './punycode';
export * from './scripts';
export * from './site';
