export * from './certificates';
export * from './forms';
export * from './frame-chain';
export { destinationsOf, firstImpersonation, impersonation } from './links';
export * from './observations';
export * from './plan';
export { frameVisible } from './predicates';
export * from './privilege';
export { readsWords } from './reads-words';
export * from './target';
export {
  exactTokens,
  hasLegibleText,
  OCR_AGREEMENT,
  ocrAgrees,
  ocrContains,
  ocrReadsScriptOf,
  readable,
  symbolsShown,
} from './text-agreement';
