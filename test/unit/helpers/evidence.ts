import {
  type BuiltinCall,
  type Certificate,
  type CertificateType,
  type HitTestValue,
  resolve,
  type UiElementValue,
  uiElementValue,
} from '../../../src/core';

export const NOW = 1_700_000_000_000;
export const FRAME = 'f0';

/** Resolves a proposal that is expected to resolve; fails the test otherwise. */
export function resolved(proposal: unknown): BuiltinCall {
  const resolution = resolve(proposal);
  if (!resolution.ok) throw new Error(`expected the proposal to resolve: ${JSON.stringify(resolution.reasons)}`);
  if (resolution.call.pageTool) throw new Error('expected a built-in call');
  return resolution.call;
}

export function element(overrides: Partial<UiElementValue> = {}): UiElementValue {
  return uiElementValue({ count: 1, connected: true, tag: 'button', visible: true, digest: 'd0', ...overrides });
}

export function hit(overrides: Partial<HitTestValue> = {}): HitTestValue {
  return { points: 5, onTarget: 5, coveredBy: null, ...overrides };
}

let serial = 0;

export function certificate(type: CertificateType, value: unknown, selector: string, overrides: Partial<Certificate> = {}): Certificate {
  serial += 1;
  return {
    id: `${type}-${serial}`,
    type,
    value,
    region: { frame: FRAME, selector },
    source: type === 'hit_test' || type === 'ui_element' || type === 'visible_text' ? 'dom' : 'browser',
    verifier: 'dom@1',
    confidence: 1,
    time: NOW,
    trust: 'extension',
    ...overrides,
  };
}

/** The three certificates a click plan needs, all agreeing with an honest click on `selector` labelled `text`. */
export function honestEvidence(selector: string, text = 'Pay'): Certificate[] {
  return [
    certificate('ui_element', element(), selector),
    certificate('visible_text', { text }, selector),
    certificate('hit_test', hit(), selector),
    certificate('ax_name', { role: 'button', name: text, hidden: false, visibleLabel: text }, selector),
  ];
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}
