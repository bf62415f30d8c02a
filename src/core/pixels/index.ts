export { type DocumentArea, documentArea, type ViewportBox } from './area';
export { calibratedOcrConfidence, OCR_MIN_CONFIDENCE } from './confidence';
export { DHASH_BITS, dHash, hammingDistance } from './dhash';
export { dropRuleLines, trimFrame } from './edges';
export { areaMeans, type GrayImage, toGray } from './gray';
export { cropContrast, encodePgm, MIN_PIXEL_CONTRAST, prepareForOcr, showsAnything, upscale } from './ocr-input';
export { encodePngGray, shrinkTo } from './png';
export { RECHECK_TOLERANCE, THUMB_CELL, type Thumbnail, thumbnail, thumbnailDistance } from './thumb';
export { type Linear, upright } from './upright';
