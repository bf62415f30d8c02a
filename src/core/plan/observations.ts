import { z } from 'zod';

/**
 * The request a form submission would send (HTML's form submission algorithm, as the browser builds
 * it: `new FormData(form, submitter)`): every entry (hidden inputs, controls associated from outside
 * with `form=`, the submitter's own name and value), and the action, method, enctype and target
 * after the submitter's `formaction`/`formmethod`/`formenctype`/`formtarget`. Each entry names the
 * control it came from as the user could recognise it: its label, name and id, and whether it is
 * shown at all (a hidden input, a control not rendered, or an entry a `formdata` listener added).
 */
export const FormEntrySchema = z.strictObject({
  name: z.string().max(1_000),
  value: z.string().max(10_000),
  /** The control's visible label (<label>, aria-label, placeholder), id, and whether the user sees it. */
  label: z.string().max(1_000).nullable(),
  id: z.string().max(1_000).nullable(),
  shown: z.boolean(),
  /** From a password field, whose value the page itself shows masked (the only values an ask masks). */
  password: z.boolean().optional(),
});
export type FormEntry = z.infer<typeof FormEntrySchema>;

export const FormRequestSchema = z.strictObject({
  action: z.string().max(8_192),
  method: z.enum(['get', 'post', 'dialog']),
  enctype: z.string().max(100),
  /** The browsing context it goes to: '' or '_self' for this frame. */
  target: z.string().max(1_000),
  entries: z.array(FormEntrySchema).max(500),
  /** More entries than were listed (the rest are unknown: no claim about them can be checked). */
  truncated: z.boolean(),
});
export type FormRequest = z.infer<typeof FormRequestSchema>;

/**
 * The values verifiers put in certificates. The gate parses them again, so a certificate whose
 * value has the wrong shape supports nothing.
 */
export const UiElementValueSchema = z.strictObject({
  count: z.number().int().nonnegative(),
  selectorError: z.string().nullable(),
  connected: z.boolean(),
  tag: z.string(),
  inputType: z.string().nullable(),
  disabled: z.boolean(),
  inert: z.boolean(),
  visible: z.boolean(),
  hiddenBy: z.string().nullable(),
  isSubmit: z.boolean(),
  formHasPassword: z.boolean(),
  /** A text field, textarea or contenteditable that is not read-only. */
  editable: z.boolean(),
  /**
   * An editable element's place in its frame, hashed, and its random token (content/verifiers/
   * field-place.ts): what the typing history joins pieces by, with the selector's text; null for
   * anything else.
   */
  field: z
    .strictObject({ place: z.string().max(64), token: z.string().max(64) })
    .nullable()
    .default(null),
  isPassword: z.boolean(),
  /** Is a form, or belongs to one. */
  inForm: z.boolean(),
  /** A card number, CVC, expiry or IBAN field, or a form holding one. */
  isPayment: z.boolean(),
  formHasPayment: z.boolean(),
  /** The form holds a field declared for personal data (autocomplete name, email, tel, address, birthday…). */
  formHasPersonal: z.boolean().default(false),
  /** Inside a button (a <button>, a button <input>, role=button), up the flat tree: a click on it presses that button. */
  inButton: z.boolean().default(false),
  /** The words of the control a click on it presses, where that is another element (the button around a span, the submit button a click activates). */
  pressed: z.string().max(1_000).nullable().default(null),
  /** The words of its form's submit buttons (at most eight): what submitting the form does. */
  formButtons: z.array(z.string().max(500)).max(8).default([]),
  /** The language its text is declared in (the nearest `lang` attribute), or null where none is. */
  lang: z.string().max(64).nullable().default(null),
  /** A link (or inside one): where it leads, absolute, and whether it downloads. */
  href: z.string().nullable(),
  download: z.boolean(),
  /** A link that opens in another browsing context than its frame (its target, or its base's: `_top`, `_parent`, `_blank`, a name). */
  opensElsewhere: z.boolean().default(false),
  /** For <select>: the value and visible text of every option. */
  options: z
    .array(
      z.strictObject({ value: z.string(), text: z.string(), disabled: z.boolean().default(false), hidden: z.boolean().default(false) }),
    )
    .nullable(),
  /** The request submitting would send: for a submit, and for a click on a form's submit button. */
  submission: FormRequestSchema.nullable().default(null),
  digest: z.string(),
});
export type UiElementValue = z.infer<typeof UiElementValueSchema>;

export { uiElementValue } from './ui-element-value';

/**
 * The text the element shows, and `doubts`: why the DOM cannot be sure that this text is what the
 * screen paints (a paint effect it cannot model, an unknown background, a glyph it cannot read, a
 * tree it cannot see into). A label with doubts is certified by the pixels or not at all: the plan
 * then requires OCR, and without it the label is unsupported (the policy decides), never shown.
 */
export const VisibleTextValueSchema = z.strictObject({
  text: z.string(),
  doubts: z.array(z.string().max(200)).max(16).default([]),
  /**
   * The DOM holds letters or digits for this label that the screen does not show (text made
   * transparent, moved out of its box, styled away through a slot): the control is not an icon
   * whose name comes from aria-label, alt or title, and a claim of that hidden text is not shown.
   */
  hiddenText: z.boolean().default(false),
  /**
   * The control shows no letters, and a picture it draws is one the DOM cannot read (a raster
   * image, an image from a URL, a background, mask or border image): it may show words. The pixels
   * say whether it does; an icon whose pixels show no words keeps its name (background/collect.ts).
   */
  unreadPicture: z.boolean().default(false),
  /**
   * Pictures inside the label the DOM cannot read (a raster image beside the text): where they lie,
   * as fractions of the target's border box. The pixels read them apart; one that shows words, or
   * cannot be read, sends the whole label to the pixels (background/picture-regions.ts).
   */
  pictures: z
    .array(
      z.strictObject({
        x: z.number().min(-1).max(2),
        y: z.number().min(-1).max(2),
        width: z.number().min(0).max(2),
        height: z.number().min(0).max(2),
      }),
    )
    .max(8)
    .default([]),
  /**
   * The rotation, skew and scale the label is painted with (CSS matrix a, b, c, d), when not a
   * plain scale, and the element's own border box (CSS px, untransformed): the pixels turn the crop
   * upright with it and cut it to the box before OCR. It certifies nothing.
   */
  painted: z
    .strictObject({
      linear: z.tuple([z.number(), z.number(), z.number(), z.number()]),
      width: z.number().nonnegative(),
      height: z.number().nonnegative(),
    })
    .nullable()
    .default(null),
});
export type VisibleTextValue = z.infer<typeof VisibleTextValueSchema>;

export const HitTestValueSchema = z.strictObject({
  points: z.number().int().positive(),
  onTarget: z.number().int().nonnegative(),
  coveredBy: z.string().nullable(),
});
export type HitTestValue = z.infer<typeof HitTestValueSchema>;

export const OriginValueSchema = z.strictObject({ origin: z.string(), url: z.string() });
export type OriginValue = z.infer<typeof OriginValueSchema>;

export const AxNameValueSchema = z.strictObject({
  role: z.string().nullable(),
  name: z.string(),
  hidden: z.boolean(),
  /** What the element visibly shows, for label-in-name (WCAG 2.5.3). */
  visibleLabel: z.string(),
});
export type AxNameValue = z.infer<typeof AxNameValueSchema>;

/** What OCR read from the rendered pixels of the target; `confidence` is also the certificate's κ. */
export const OcrTextValueSchema = z.strictObject({ text: z.string(), confidence: z.number().min(0).max(1) });
export type OcrTextValue = z.infer<typeof OcrTextValueSchema>;

export const PixelHashValueSchema = z.strictObject({ hash: z.string(), bits: z.number().int().positive() });
export type PixelHashValue = z.infer<typeof PixelHashValueSchema>;

/**
 * Whether every ancestor frame element of a subframe target is visible where the target is, as
 * the background combined it from each ancestor's bridge (src/background/frame-chain.ts). Issued
 * only when every ancestor answered: a missing answer is no certificate, never a pass.
 * `failure` says what the first failing ancestor found (`frame` names its frame element, `at` its
 * document's origin); `rect` is the target in the top frame's viewport (CSS px), `scale` and
 * `opacity` are the products over the chain.
 */
export const FrameChainValueSchema = z.strictObject({
  visible: z.boolean(),
  failure: z.enum(['hidden', 'covered']).nullable(),
  frame: z.string().max(200).nullable(),
  at: z.string().max(300).nullable(),
  detail: z.string().max(300).nullable(),
  depth: z.number().int().positive(),
  rect: z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  scale: z.number().nonnegative(),
  opacity: z.number().min(0).max(1),
  /** What the ancestors paint onto the frames that the DOM cannot judge: the pixels decide. */
  doubts: z.array(z.string().max(300)).max(16).default([]),
});
export type FrameChainValue = z.infer<typeof FrameChainValueSchema>;
