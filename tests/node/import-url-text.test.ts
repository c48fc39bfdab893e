// URLs found in pasted or dropped text, and which of them are files rather than pages.
import { describe, expect, it } from 'vitest';
import { looksLikeFileUrl, urlsInText } from '../../src/app/import/url-text';

describe('urlsInText', () => {
  it('finds each http(s) URL once, without the punctuation that ends the sentence', () => {
    const text = 'See https://example.com/a.png, and (https://en.wikipedia.org/wiki/Foo_(bar)). Again: https://example.com/a.png! ftp://no.example';
    expect(urlsInText(text)).toEqual(['https://example.com/a.png', 'https://en.wikipedia.org/wiki/Foo_(bar)']);
  });
  it('reads a text/uri-list', () => {
    expect(urlsInText('# comment\r\nhttp://a.example/x\r\nhttps://b.example/y?q=1#z')).toEqual(['http://a.example/x', 'https://b.example/y?q=1#z']);
  });
  it('finds nothing in plain words', () => {
    expect(urlsInText('just some words http:// and www.example.com')).toEqual([]);
  });
});

describe('looksLikeFileUrl', () => {
  it('downloads image files and bookmarks pages', () => {
    expect(looksLikeFileUrl('https://x.example/photos/cat.JPG?w=200')).toBe(true);
    expect(looksLikeFileUrl('https://x.example/articles/cats')).toBe(false);
    expect(looksLikeFileUrl('https://x.example/image.png.html')).toBe(false);
  });
});
