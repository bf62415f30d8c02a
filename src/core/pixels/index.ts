export { calibratedOcrConfidence, OCR_MIN_CONFIDENCE } from './confidence';
export { DHASH_BITS, dHash, hammingDistance } from './dhash';
export { areaMeans, type GrayImage, toGray } from './gray';
export { encodePgm, prepareForOcr, upscale } from './ocr-input';
export { encodePngGray, shrinkTo } from './png';
export { RECHECK_TOLERANCE, THUMB_CELL, type Thumbnail, thumbnail, thumbnailDistance } from './thumb';
