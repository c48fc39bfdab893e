// The share sheet's form as items (src/sw/share-form.ts), its answer (src/sw/share-target.ts) through
// a real core, the app's reading of the result (src/app/pwa/launch-params.ts) and the manifest.
import { describe, expect, it } from 'vitest';
import { readLaunchParams, withoutLaunchParams } from '../../src/app/pwa/launch-params';
import { sharedFileType } from '../../src/core/shared/share-target';
import { sharedItems } from '../../src/sw/share-form';
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

describe('sharedItems', () => {
  it('makes a bookmark of a shared page: title as name, text as annotation, the page as website', async () => {
    expect(await sharedItems(form({ title: 'A page', text: 'worth reading', url: 'https://news.example/a' }))).toEqual([
      { bookmarkURL: 'https://news.example/a', name: 'A page', annotation: 'worth reading', website: 'https://news.example/a' },
    ]);
  });
  it('takes the link from the text when no url came (as Android shares a page)', async () => {
    expect(await sharedItems(form({ title: 'Cats', text: 'Look at this https://cats.example/x?y=1. So good' }))).toEqual([
      { bookmarkURL: 'https://cats.example/x?y=1', name: 'Cats', annotation: 'Look at this . So good', website: 'https://cats.example/x?y=1' },
    ]);
  });
  it('keeps the brackets a link holds and drops the sentence\'s around it', async () => {
    const linkOf = async (text: string) => (await sharedItems(form({ text })))[0]!.bookmarkURL;
    expect(await linkOf('https://en.m.wikipedia.org/wiki/Mercury_(planet)')).toBe('https://en.m.wikipedia.org/wiki/Mercury_(planet)');
    expect(await linkOf('Read this (https://en.wikipedia.org/wiki/Mercury_(planet)).')).toBe('https://en.wikipedia.org/wiki/Mercury_(planet)');
    expect(await linkOf('(see https://x.example/a)')).toBe('https://x.example/a');
    expect(await linkOf('list: https://x.example/q?a[]=1]!')).toBe('https://x.example/q?a[]=1');
    expect(await sharedItems(form({ text: 'Mercury https://en.m.wikipedia.org/wiki/Mercury_(planet)' }))).toEqual([
      { bookmarkURL: 'https://en.m.wikipedia.org/wiki/Mercury_(planet)', annotation: 'Mercury', website: 'https://en.m.wikipedia.org/wiki/Mercury_(planet)' },
    ]);
  });
  it('makes items of files, each with the shared page as website', async () => {
    const files = [new File([pngBytes()], 'one.png', { type: 'image/png' }), new File([pngBytes()], 'two.PNG', { type: '' })];
    const items = await sharedItems(form({ url: 'https://site.example/p' }, files));
    expect(items.map((item) => [item.name, item.website, item.base64?.slice(0, 22)])).toEqual([
      ['one', 'https://site.example/p', 'data:image/png;base64,'],
      ['two', 'https://site.example/p', 'data:image/png;base64,'],
    ]);
    expect(Buffer.from(items[0]!.base64!.split(',')[1]!, 'base64')).toEqual(pngBytes());
  });
  it('refuses a share holding a file type the app does not take, naming it', async () => {
    const files = [new File([pngBytes()], 'ok.png', { type: 'image/png' }), new File(['zip'], 'archive.zip', { type: 'application/zip' })];
    await expect(sharedItems(form({}, files))).rejects.toThrow(/files: "archive.zip" \(application\/zip\) cannot be kept/);
  });
  it('refuses a share with neither file nor link, and a url that is not a web address', async () => {
    await expect(sharedItems(form({ title: 'x', text: 'no link here' }))).rejects.toThrow(/no file and no link/);
    await expect(sharedItems(form({ url: 'javascript:alert(1)' }))).rejects.toThrow(/url: .* is not a web address/);
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

describe('answerShare', () => {
  it('adds the share through item/add and redirects (303) to the app with the new ids', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const addItems = (body: unknown) => api.handle(new Request('http://x.example/api/v2/item/add', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': library }, body: JSON.stringify(body) }));
    const answer = await answerShare(post(form({ title: 'Shot', text: 'note' }, [new File([pngBytes()], 'a.png', { type: 'image/png' })])), SCOPE, addItems);
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('Location')!);
    expect(back.origin + back.pathname).toBe(SCOPE);
    const ids = readLaunchParams(back.search).shared;
    expect(ids).toHaveLength(1);
    const item = (await call<{ data: any[] }>(api, 'POST', '/item/get', { ids }, { library })).data.data[0];
    expect(item).toMatchObject({ name: 'Shot', annotation: 'note', ext: 'png', width: 5, height: 4 });
  });
  it('keeps nothing of a refused share and redirects with the reason', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    let asked = 0;
    const addItems = (body: unknown) => {
      asked += 1;
      return api.handle(new Request('http://x.example/api/v2/item/add', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': library }, body: JSON.stringify(body) }));
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
