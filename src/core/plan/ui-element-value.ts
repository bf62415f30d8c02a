import type { UiElementValue } from './observations';

/** An element observation with nothing found; verifiers and fixtures override what they observed. */
export function uiElementValue(observed: Partial<UiElementValue> = {}): UiElementValue {
  return {
    count: 0,
    selectorError: null,
    connected: false,
    tag: '',
    inputType: null,
    disabled: false,
    inert: false,
    visible: false,
    hiddenBy: null,
    isSubmit: false,
    formHasPassword: false,
    editable: false,
    field: null,
    isPassword: false,
    inForm: false,
    isPayment: false,
    formHasPayment: false,
    formHasPersonal: false,
    inButton: false,
    pressed: null,
    formButtons: [],
    lang: null,
    href: null,
    download: false,
    opensElsewhere: false,
    options: null,
    submission: null,
    digest: '',
    ...observed,
  };
}
