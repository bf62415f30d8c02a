export * from './observations';
export * from './plan';
export { impersonation } from './predicates';
export * from './privilege';
export * from './target';
export { exactTokens, hasLegibleText, OCR_AGREEMENT, ocrAgrees, ocrContains, readable } from './text-agreement';
