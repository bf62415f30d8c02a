import { describe, expect, it } from 'vitest';
import { may, roleOf } from '../../src/background/capabilities';

const BASE = 'chrome-extension://lcehkcofajkdehfcgklegicdcdbgafah/';
const page = (path: string) => ({ kind: 'extension-page' as const, url: `${BASE}${path}` });

describe('what each extension page may ask the background', () => {
  it('knows the pages by their path, whatever the query', () => {
    expect(roleOf(page('src/popup/index.html'), BASE)).toBe('popup');
    expect(roleOf(page('src/popup/index.html?window=1'), BASE)).toBe('popup');
    expect(roleOf(page('src/options/index.html#advanced'), BASE)).toBe('settings');
    expect(roleOf(page('src/offscreen/index.html'), BASE)).toBe('offscreen');
    expect(roleOf(page('src/popup/index.html/../../test/probe.html'), BASE)).toBe('unknown');
    expect(roleOf({ kind: 'extension-page', url: 'chrome-extension://other/src/popup/index.html' }, BASE)).toBe('unknown');
  });

  it('lets only the popup answer asks and read the audit, only settings touch the policy', () => {
    const table = ['src/popup/index.html', 'src/options/index.html', 'src/offscreen/index.html', 'test/support/ocr-probe/index.html'].map(
      (path) => (['asks', 'audit', 'policy'] as const).filter((c) => may(page(path), c, BASE)),
    );
    expect(table).toEqual([['asks', 'audit'], ['policy'], [], []]);
  });
});
