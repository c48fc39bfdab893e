// The share sheet's form as items (src/sw/share-form.ts), its answer (src/sw/share-target.ts) through
// a real core, the app's reading of the result (src/app/pwa/launch-params.ts) and the manifest.
import { describe, expect, it } from 'vitest';
import { readLaunchParams, withoutLaunchParams } from '../../src/app/pwa/launch-params';
import { sharedFileType } from '../../src/core/shared/share-target';
import { sharedRequest, type SharedRequest } from '../../src/sw/share-form';
import { answerShare, isShareRequest } from '../../src/sw/share-target';
import { webAppManifest } from '../../tools/vite-plugin-web-app';
import { call, makeApi, newLibrary } from './helpers';
import { solidPng } from '../e2e/png';

const SCOPE = 'https://x.example/assets/';
const pngBytes = () => Buffer.from(solidPng('#3366cc', 5, 4).split(',')[1]!, 'base64');

function form(fields: Record<string, string>, files: File[] = []): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  for (const file of files) data.append('files', file);
  return data;
}

const post = (data: FormData, url = `${SCOPE}share-target`) => new Request(url, { method: 'POST', body: data });

/** The bookmarks a share without files becomes. */
const bookmarks = (form: FormData) => {
  const shared = sharedRequest(form) as Extract<SharedRequest, { route: '/item/add' }>;
  expect(shared.route).toBe('/item/add');
  return shared.items;
};

describe('sharedRequest', () => {
  it('makes a bookmark of a shared page: title as name, text as annotation, the page as website', async () => {
    expect(bookmarks(form({ title: 'A page', text: 'worth reading', url: 'https://news.example/a' }))).toEqual([
      { bookmarkURL: 'https://news.example/a', name: 'A page', annotation: 'worth reading', website: 'https://news.example/a' },
    ]);
  });
  it('takes the link from the text when no url came (as Android shares a page)', async () => {
    expect(bookmarks(form({ title: 'Cats', text: 'Look at this https://cats.example/x?y=1. So good' }))).toEqual([
      { bookmarkURL: 'https://cats.example/x?y=1', name: 'Cats', annotation: 'Look at this . So good', website: 'https://cats.example/x?y=1' },
    ]);
  });
  it('keeps the brackets a link holds and drops the sentence\'s around it', async () => {
    const linkOf = async (text: string) => bookmarks(form({ text }))[0]!.bookmarkURL;
    expect(await linkOf('https://en.m.wikipedia.org/wiki/Mercury_(planet)')).toBe('https://en.m.wikipedia.org/wiki/Mercury_(planet)');
    expect(await linkOf('Read this (https://en.wikipedia.org/wiki/Mercury_(planet)).')).toBe('https://en.wikipedia.org/wiki/Mercury_(planet)');
    expect(await linkOf('(see https://x.example/a)')).toBe('https://x.example/a');
    expect(await linkOf('list: https://x.example/q?a[]=1]!')).toBe('https://x.example/q?a[]=1');
    expect(bookmarks(form({ text: 'Mercury https://en.m.wikipedia.org/wiki/Mercury_(planet)' }))).toEqual([
      { bookmarkURL: 'https://en.m.wikipedia.org/wiki/Mercury_(planet)', annotation: 'Mercury', website: 'https://en.m.wikipedia.org/wiki/Mercury_(planet)' },
    ]);
  });
  it('sends files as they are, for item/addFiles, with the shared page as website and a type the library reads', async () => {
    const one = new File([pngBytes()], 'one.png', { type: 'image/png' });
    const shared = sharedRequest(form({ url: 'https://site.example/p', title: 'Two shots' }, [one, new File([pngBytes()], 'two.PNG', { type: '' })]));
    expect(shared.route).toBe('/item/addFiles');
    const { fields, files } = shared as Extract<SharedRequest, { route: '/item/addFiles' }>;
    // Two files: each is named after itself, not after the title.
    expect(fields).toEqual({ website: 'https://site.example/p' });
    expect(files.map((file) => [file.name, file.type])).toEqual([['one.png', 'image/png'], ['two.PNG', 'image/png']]);
    expect(files[0]).toBe(one);
    expect(Buffer.from(await files[1]!.arrayBuffer())).toEqual(pngBytes());
    const single = sharedRequest(form({ title: 'Shot', text: 'note' }, [one])) as Extract<SharedRequest, { route: '/item/addFiles' }>;
    expect(single.fields).toEqual({ name: 'Shot', annotation: 'note' });
  });
  it('refuses a share holding a file type the app does not take, naming it', async () => {
    const files = [new File([pngBytes()], 'ok.png', { type: 'image/png' }), new File(['zip'], 'archive.zip', { type: 'application/zip' })];
    expect(() => sharedRequest(form({}, files))).toThrow(/files: "archive.zip" \(application\/zip\) cannot be kept/);
  });
  it('refuses a share with neither file nor link, and a url that is not a web address', async () => {
    expect(() => sharedRequest(form({ title: 'x', text: 'no link here' }))).toThrow(/no file and no link/);
    expect(() => sharedRequest(form({ url: 'javascript:alert(1)' }))).toThrow(/url: .* is not a web address/);
  });
});

describe('sharedFileType', () => {
  it.each([
    [{ type: 'image/jpeg', name: 'a.bin' }, 'image/jpeg'],
    [{ type: '', name: 'clip.MOV' }, 'video/quicktime'],
    [{ type: 'application/octet-stream', name: 'doc.pdf' }, 'application/pdf'],
    [{ type: 'text/plain', name: 'a.png' }, undefined],
    [{ type: '', name: 'constructor' }, undefined],
  ])('%o → %s', (file, expected) => expect(sharedFileType(file)).toBe(expected));
});

/** The share's requests sent to a real core, into `library`. */
const sendTo = (api: ReturnType<typeof makeApi>, library: string) => (route: string, body: BodyInit, query?: URLSearchParams) =>
  api.handle(new Request(`http://x.example/api/v2${route}${query?.size ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { ...(typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}), 'X-Library-Path': library },
    body,
  }));

/** A shared file whose bytes must not be read whole on the way (a 450 MB video as Base64 is past a string's limit). */
class UnreadFile extends File {
  override arrayBuffer(): Promise<ArrayBuffer> {
    throw new Error(`${this.name} was read whole`);
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    throw new Error(`${this.name} was read whole`);
  }
}

describe('answerShare', () => {
  it('adds the share and redirects (303) to the app with the new ids', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answer = await answerShare(post(form({ title: 'Shot', text: 'note' }, [new File([pngBytes()], 'a.png', { type: 'image/png' })])), SCOPE, sendTo(api, library));
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('Location')!);
    expect(back.origin + back.pathname).toBe(SCOPE);
    const ids = readLaunchParams(back.search).shared;
    expect(ids).toHaveLength(1);
    const item = (await call<{ data: any[] }>(api, 'POST', '/item/get', { ids }, { library })).data.data[0];
    expect(item).toMatchObject({ name: 'Shot', annotation: 'note', ext: 'png', width: 5, height: 4 });
  });
  it('hands files on as they are, never reading one whole, and names each after itself', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const files = [new UnreadFile([pngBytes()], 'pier.png', { type: 'image/png' }), new UnreadFile([pngBytes()], 'dusk.PNG', { type: '' })];
    // The share sheet's form as the worker reads it, with these very files in it (a Request would copy them).
    const sheet = form({ title: 'Two shots', text: 'https://site.example/p' }, files);
    const request = { formData: async () => sheet } as unknown as Request;
    const answer = await answerShare(request, SCOPE, sendTo(api, library));
    const { shared, shareFailed } = readLaunchParams(new URL(answer.headers.get('Location')!).search);
    expect(shareFailed).toBeUndefined();
    expect(shared).toHaveLength(2);
    const items = (await call<{ data: any[] }>(api, 'POST', '/item/get', { ids: shared }, { library })).data.data;
    expect(items.map((item) => [item.name, item.ext, item.url, item.width]).sort()).toEqual([
      ['dusk', 'png', 'https://site.example/p', 5],
      ['pier', 'png', 'https://site.example/p', 5],
    ]);
  });
  it('keeps nothing of a refused share and redirects with the reason', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    let asked = 0;
    const send = sendTo(api, library);
    const addItems = (...args: Parameters<typeof send>) => {
      asked += 1;
      return send(...args);
    };
    const files = [new File([pngBytes()], 'a.png', { type: 'image/png' }), new File(['hello'], 'notes.txt', { type: 'text/plain' })];
    const answer = await answerShare(post(form({}, files)), SCOPE, addItems);
    expect(answer.status).toBe(303);
    expect(readLaunchParams(new URL(answer.headers.get('Location')!).search)).toEqual({ shared: [], shareFailed: expect.stringMatching(/"notes.txt" \(text\/plain\) cannot be kept/) });
    expect(asked).toBe(0);
    expect((await call<{ data: any[] }>(api, 'POST', '/item/get', {}, { library })).data.data).toEqual([]);
  });
  it('passes on the API’s refusal (e.g. storage full) as the reason', async () => {
    const refuse = async () => new Response(JSON.stringify({ status: 'error', code: 'QUOTA_EXCEEDED', message: 'The browser has no room left for this library.' }), { status: 507 });
    const answer = await answerShare(post(form({ url: 'https://a.example/' })), SCOPE, refuse);
    expect(readLaunchParams(new URL(answer.headers.get('Location')!).search).shareFailed).toBe('The browser has no room left for this library.');
  });
  it('takes only POSTs to its own scope’s share-target', () => {
    expect(isShareRequest(post(form({})), SCOPE)).toBe(true);
    expect(isShareRequest(post(form({}), `${SCOPE}share-target?x=1`), SCOPE)).toBe(true);
    expect(isShareRequest(new Request(`${SCOPE}share-target`), SCOPE)).toBe(false);
    expect(isShareRequest(post(form({}), 'https://x.example/share-target'), SCOPE)).toBe(false);
  });
});

describe('launch parameters', () => {
  it('reads a share’s result and a shortcut, and leaves the view’s own parameters', () => {
    expect(readLaunchParams('?share-added=a,b&action=capture&q=cats')).toEqual({ shared: ['a', 'b'], action: 'capture' });
    expect(readLaunchParams('?action=format-disk')).toEqual({ shared: [] });
    expect(withoutLaunchParams('?share-added=a&q=cats&share-failed=x')).toBe('?q=cats');
    expect(withoutLaunchParams('?action=search')).toBe('');
  });
});

describe('manifest', () => {
  it('declares the share target, the file handlers and the shortcuts with relative URLs', () => {
    const manifest = webAppManifest('test') as Record<string, any>;
    expect(manifest.share_target).toMatchObject({ action: './share-target', method: 'POST', enctype: 'multipart/form-data', params: { title: 'title', text: 'text', url: 'url' } });
    expect(manifest.share_target.params.files[0].accept).toEqual(expect.arrayContaining(['image/png', '.png', 'video/mp4', 'application/pdf', '.pdf']));
    expect(manifest.file_handlers[0]).toMatchObject({ action: './', accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'application/pdf': ['.pdf'] } });
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['./?action=import', './?action=search', './?action=capture']);
    // Every action a shortcut names is one the app reads.
    for (const shortcut of manifest.shortcuts) expect(readLaunchParams(new URL(shortcut.url, SCOPE).search).action).toBeDefined();
  });
});
