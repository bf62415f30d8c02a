export { DHASH_BITS, dHash, hammingDistance } from './dhash';
export { areaMeans, type GrayImage, toGray } from './gray';
export { encodePgm, prepareForOcr, upscale } from './ocr-input';
export { encodePngGray, shrinkTo } from './png';
