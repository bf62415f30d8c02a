import { describe, expect, it } from 'vitest';
import { navigationSource, submissionNavigation } from '../../src/content/submission-navigation';

/** A `navigate` event as the Navigation API gives it: trusted, with formData and sourceElement. */
const navigate = (fields: { isTrusted?: boolean; formData?: unknown; source?: string | null }) =>
  ({
    isTrusted: fields.isTrusted ?? true,
    formData: fields.formData ?? null,
    sourceElement: fields.source === undefined || fields.source === null ? null : { localName: fields.source },
    cancelable: true,
  }) as unknown as Event;

describe('which navigations are a form submission', () => {
  it('a POST (its entries) or one a submitter or form started is; a link, a script or a page-made event is not', () => {
    expect(submissionNavigation(navigate({ formData: {} }))).toBe(true);
    expect(submissionNavigation(navigate({ source: 'button' }))).toBe(true);
    expect(submissionNavigation(navigate({ source: 'input' }))).toBe(true);
    expect(submissionNavigation(navigate({ source: 'form' }))).toBe(true);
    // A GET's source retargeted to the shadow host of its closed tree is still one.
    expect(submissionNavigation(navigate({ source: 'my-widget' }))).toBe(true);
    expect(submissionNavigation(navigate({ source: 'a' }))).toBe(false);
    expect(submissionNavigation(navigate({ source: 'area' }))).toBe(false);
    expect(submissionNavigation(navigate({}))).toBe(false);
    expect(submissionNavigation(navigate({ isTrusted: false, formData: {} }))).toBe(false);
    expect(navigationSource(navigate({}))).toBeNull();
  });
});
