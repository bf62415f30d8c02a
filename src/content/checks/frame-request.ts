import type { FrameRequest } from '../../messages/frame-chain';
import { finite, literal, matches, nonNegative, strict, union } from './shape';

/** Background → an ancestor frame's bridge, for the frame chain (messages/frame-chain.ts), checked by hand. */
const nonce = matches(/^[0-9a-f]{32}$/);
const RECT = { x: finite, y: finite, width: finite, height: finite };
const VIEWPORT = { width: nonNegative, height: nonNegative };

const SHAPES = {
  'frame:expect': { kind: literal('frame:expect'), nonce },
  'frame:announce': { kind: literal('frame:announce'), nonce },
  'frame:certify': {
    kind: literal('frame:certify'),
    nonce,
    rect: (v: unknown) => strict(v, RECT),
    childViewport: (v: unknown) => v === null || strict(v, VIEWPORT),
  },
};

export const frameRequest = (value: unknown): FrameRequest | null => union<FrameRequest>(value, 'kind', SHAPES);
