/**
 * Synchronous SHA-256 over UTF-8 text. The core is pure and synchronous (digests are computed
 * while resolving, in Node tests and in every extension context alike), so it cannot lean on
 * the asynchronous WebCrypto API: the digest is `@noble/hashes` (audited, no dependencies), not
 * hand-written. Text is encoded as TextEncoder does, a lone surrogate as U+FFFD.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
