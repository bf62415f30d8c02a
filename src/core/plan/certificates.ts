import { z } from 'zod';
import type { Certificate, CertificateType } from '../contracts';
import {
  AxNameValueSchema,
  FrameChainValueSchema,
  HitTestValueSchema,
  OcrTextValueSchema,
  OriginValueSchema,
  PixelHashValueSchema,
  UiElementValueSchema,
  VisibleTextValueSchema,
} from './observations';

/**
 * What each certificate type's value is: the schemas the gate parses values with. A certificate
 * arrives from a frame with its value unchecked (CertificateSchema: the value is only trusted once
 * parsed here, and a value of the wrong shape supports nothing); these are the one source of the
 * value types. No verifier issues `field_value` or `skeleton` yet: their values are unknown.
 */
const SCHEMAS = {
  ui_element: UiElementValueSchema,
  visible_text: VisibleTextValueSchema,
  ax_name: AxNameValueSchema,
  ocr_text: OcrTextValueSchema,
  hit_test: HitTestValueSchema,
  origin: OriginValueSchema,
  field_value: z.unknown(),
  skeleton: z.unknown(),
  pixel_hash: PixelHashValueSchema,
  frame_chain: FrameChainValueSchema,
} satisfies Record<CertificateType, z.ZodType>;

export type CertificateValue<T extends CertificateType> = z.output<(typeof SCHEMAS)[T]>;

/** What a zod schema is to its reader: a parse that yields `V` or fails. */
export type Parser<V> = { safeParse(value: unknown): { success: true; data: V } | { success: false } };

/** Each type's schema, typed per type so a lookup by a generic type keeps its value's type. */
export const CERTIFICATE_VALUES: { readonly [T in CertificateType]: Parser<CertificateValue<T>> } = SCHEMAS;

/** A certificate whose value has its type's shape: what the background issues itself. */
export type CertificateOf<T extends CertificateType> = Omit<Certificate, 'type' | 'value'> & { type: T; value: CertificateValue<T> };

/** Every certificate type with its value's type, discriminated by `type`. */
export type TypedCertificate = { [T in CertificateType]: CertificateOf<T> }[CertificateType];

/**
 * The value of the first certificate of `type` in `list`, parsed by that type's schema; undefined
 * when there is none or its value has another shape (it then supports nothing, as in the gate).
 */
export function certificate<T extends CertificateType>(list: readonly Certificate[], type: T): CertificateValue<T> | undefined {
  const found = list.find((c) => c.type === type);
  if (found === undefined) return undefined;
  const parsed = CERTIFICATE_VALUES[type].safeParse(found.value);
  return parsed.success ? parsed.data : undefined;
}
