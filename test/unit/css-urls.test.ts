import { describe, expect, it } from 'vitest';
import { cssUrls, withoutUrls } from '../../src/content/verifiers/svg-references';

describe('cssUrls: the URLs of a computed value, as the browser serialises them', () => {
  it('reads quoted, escaped and bare URLs', () => {
    expect(cssUrls('url("a.png"), linear-gradient(red, blue), url(b.png)')).toEqual(['a.png', 'b.png']);
    // A quote inside is serialised escaped; a url() inside the data is part of the URL, not another one.
    const svg = 'data:image/svg+xml,<svg xmlns=\\"http://www.w3.org/2000/svg\\"><desc>url()</desc><text>Delete</text></svg>';
    expect(cssUrls(`url("${svg}")`)).toEqual([
      'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"><desc>url()</desc><text>Delete</text></svg>',
    ]);
    expect(cssUrls("url('#a\\\\b')")).toEqual(['#a\\b']);
    expect(cssUrls('url("\\22 x")')).toEqual(['"x']);
    expect(cssUrls('none')).toEqual([]);
  });

  it('takes the URLs out of a value, leaving what it cannot read', () => {
    // One reader for both: a url() inside a quoted one's data goes with it, not alone.
    expect(withoutUrls('url("data:image/svg+xml,<desc>url()</desc>"), image-set(url("a.png") 1x)')).toBe(', image-set( 1x)');
    expect(withoutUrls('cross-fade(url("a.png"), url(b.png))')).toBe('cross-fade(, )');
    // A bare URL with a space is no URL the browser serialises: it stays, and is unread (picture-words.ts).
    expect(withoutUrls('url(a b)')).toContain('url(');
  });
});
