// The bookmarklet's own code, run against a stand-in page: what it hands to the capture window.
import { describe, expect, it } from 'vitest';
import { bookmarkletCode, bookmarkletHref, CAPTURE_WINDOW } from '../../src/app/capture/bookmarklet';
import { captureItems, parseCapture, tagsFromText } from '../../src/app/capture/capture-data';
import { imageNameAndNote } from '../../src/app/import/image-fields';
import { isWellFormed } from '../../src/core/http/input-shape';

const CAPTURE = 'https://me.example/asset-library/capture.html';

interface Opened { url: string; name: string; features: string }

function runOn(page: { href: string; title: string; selection: string; images: object[] }, popupAllowed = true) {
  const opened: Opened[] = [];
  const alerts: string[] = [];
  const window = {
    getSelection: () => ({ toString: () => page.selection }),
    open: (url: string, name: string, features: string) => (opened.push({ url, name, features }), popupAllowed ? {} : null),
  };
  const run = new Function('document', 'location', 'window', 'alert', bookmarkletCode(CAPTURE));
  run({ images: page.images, title: page.title }, { href: page.href }, window, (text: string) => alerts.push(text));
  return { opened, alerts };
}

const img = (src: string, naturalWidth: number, naturalHeight: number, alt = '') => ({ src, currentSrc: '', naturalWidth, naturalHeight, alt });

/** Text whose cut at `max` UTF-16 units falls inside an emoji. */
const emojiAt = (max: number) => `${'x'.repeat(max - 1)}\u{1F600}more`;

describe('the Save to library bookmarklet', () => {
  it('opens the capture window with the page, its selection and the images it shows, in the fragment', () => {
    const { opened, alerts } = runOn({
      href: 'https://blog.example/birds?x=1',
      title: 'Garden birds',
      selection: '  A hummingbird visits.  ',
      images: [
        img('https://cdn.example/photo/hummingbird', 640, 480, ' Hummingbird at a feeder '),
        img('https://cdn.example/photo/hummingbird', 640, 480, 'the same again'),
        img('data:image/png;base64,AAAA', 1, 1),
        img('https://cdn.example/broken.png', 0, 0),
        img('https://cdn.example/owl.jpg', 300, 200),
      ],
    });
    expect(alerts).toEqual([]);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.name).toBe(CAPTURE_WINDOW);
    expect(opened[0]!.url.startsWith(`${CAPTURE}#`)).toBe(true);
    const data = parseCapture(new URL(opened[0]!.url).hash);
    expect(data).toEqual({
      url: 'https://blog.example/birds?x=1',
      title: 'Garden birds',
      selection: 'A hummingbird visits.',
      images: [
        { url: 'https://cdn.example/photo/hummingbird', width: 640, height: 480, alt: 'Hummingbird at a feeder' },
        { url: 'https://cdn.example/owl.jpg', width: 300, height: 200, alt: '' },
      ],
    });
  });

  it('cuts a long selection and alt text without leaving half an emoji, which the API would refuse', () => {
    const { opened } = runOn({ href: 'https://a.example/', title: 'T', selection: emojiAt(5000), images: [img('https://a.example/i.png', 5, 5, emojiAt(500))] });
    // The fragment as the bookmarklet wrote it, before the capture page reads it.
    const raw = JSON.parse(decodeURIComponent(new URL(opened[0]!.url).hash.slice(1))) as { selection: string; images: { alt: string }[] };
    expect(raw.selection).toBe('x'.repeat(4999));
    expect(raw.images[0]!.alt).toBe('x'.repeat(499));
  });

  it('says what to do when the browser blocks the window', () => {
    const { alerts } = runOn({ href: 'https://a.example/', title: '', selection: '', images: [] }, false);
    expect(alerts).toEqual([expect.stringMatching(/allow pop-ups/)]);
  });

  it('is one javascript: address with nothing that loads a script', () => {
    const href = bookmarkletHref(CAPTURE);
    expect(href.startsWith('javascript:')).toBe(true);
    const code = decodeURIComponent(href.slice('javascript:'.length));
    expect(code).toBe(bookmarkletCode(CAPTURE));
    expect(code).not.toMatch(/createElement|<script|import\(|\.src\s*=/);
  });
});

describe('reading a capture and making its items', () => {
  it.each([
    ['', undefined],
    ['#not-json', undefined],
    [`#${encodeURIComponent(JSON.stringify({ url: 'javascript:alert(1)' }))}`, undefined],
    [`#${encodeURIComponent(JSON.stringify({ url: 'https://a.example/', images: [{ url: 'file:///etc/passwd' }, { url: 'https://a.example/i.png', width: -3, alt: 7 }, null] }))}`,
      { url: 'https://a.example/', title: '', selection: '', images: [{ url: 'https://a.example/i.png', width: 0, height: 0, alt: '' }] }],
  ])('parses %j as a checked capture', (hash, expected) => {
    expect(parseCapture(hash)).toEqual(expected);
  });

  it('makes the page a bookmark and each picked image an item, all with website set', () => {
    const data = parseCapture(`#${encodeURIComponent(JSON.stringify({
      url: 'https://blog.example/birds',
      title: 'Garden birds',
      selection: 'Seen in June',
      images: [
        { url: 'https://cdn.example/photo/hummingbird', width: 640, height: 480, alt: 'Hummingbird at a feeder' },
        { url: 'https://cdn.example/p/48213.jpg', width: 300, height: 200, alt: 'An owl' },
        { url: 'https://cdn.example/fox.png', width: 10, height: 10, alt: '' },
      ],
    }))}`)!;
    const items = captureItems(data, { images: ['https://cdn.example/p/48213.jpg', 'https://cdn.example/photo/hummingbird'], page: true, folderId: 'F1', tags: ['birds'] });
    const common = { website: 'https://blog.example/birds', tags: ['birds'], folders: ['F1'] };
    expect(items).toEqual([
      { bookmarkURL: 'https://blog.example/birds', name: 'Garden birds', annotation: 'Seen in June', ...common },
      { url: 'https://cdn.example/photo/hummingbird', annotation: 'Hummingbird at a feeder', ...common },
      { url: 'https://cdn.example/p/48213.jpg', name: 'An owl', annotation: 'An owl', ...common },
    ]);
    expect(captureItems(data, { images: ['https://cdn.example/fox.png'], page: false, folderId: null, tags: [] })).toEqual([
      { url: 'https://cdn.example/fox.png', website: 'https://blog.example/birds' },
    ]);
  });

  it.each([
    ['https://x.example/photo/hummingbird', 'A bird', { annotation: 'A bird' }],
    ['https://x.example/gallery/', 'A bird', { name: 'A bird', annotation: 'A bird' }],
    ['https://x.example/i/5f3a9c0e.webp', 'A bird', { name: 'A bird', annotation: 'A bird' }],
    ['https://x.example/photo/hummingbird', '  ', {}],
  ])('an image at %s with alt %j brings %j', (url, alt, expected) => {
    expect(imageNameAndNote(url, alt)).toEqual(expected);
  });

  it('drops the half emoji a cut leaves in a capture, as a bookmarklet saved before its own fix still sends', () => {
    const half = (max: number) => emojiAt(max).slice(0, max);
    const data = parseCapture(`#${encodeURIComponent(JSON.stringify({ url: 'https://a.example/', title: emojiAt(500), selection: half(5000), images: [{ url: 'https://a.example/p/1.png', alt: half(500) }] }))}`)!;
    expect([data.title, data.selection, data.images[0]!.alt].map((text) => [text.length, isWellFormed(text)])).toEqual([[499, true], [4999, true], [499, true]]);
    const items = captureItems(data, { images: ['https://a.example/p/1.png'], page: true, folderId: null, tags: [] });
    expect(items.flatMap((item) => [item.name, item.annotation]).every((text) => typeof text !== 'string' || isWellFormed(text))).toBe(true);
  });

  it('cuts an image name taken from a long alt text without leaving half an emoji', () => {
    const fields = imageNameAndNote('https://x.example/p/48213.jpg', emojiAt(120));
    expect(fields).toEqual({ name: 'x'.repeat(119), annotation: emojiAt(120) });
    expect(isWellFormed(fields.name!)).toBe(true);
  });

  it('reads tags from comma-separated text', () => {
    expect(tagsFromText(' birds, garden ,, birds ')).toEqual(['birds', 'garden']);
  });
});
