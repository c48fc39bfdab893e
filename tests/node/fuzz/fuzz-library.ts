/** A small library with one of everything, made deterministic (clock, ids), for the route fuzzer. */
import { createApi, type Api } from '../../../src/core';
import { createIdGenerator } from '../../../src/core/ids';
import type { OpenLibrary } from '../../../src/core/context';
import { pngBase64, pngBytes } from '../fixtures/images';
import { call } from '../helpers';

/** Stands in for the network and the site: a few known answers, the rest unreachable. */
async function fetchSource(input: string): Promise<Response> {
  if (input.endsWith('/cat.png')) return new Response(await pngBytes(3, 2), { headers: { 'Content-Type': 'image/png' } });
  if (input.includes('.html') || input.includes('typo')) return new Response('<!doctype html><html></html>', { headers: { 'Content-Type': 'text/html' } });
  if (input.includes('missing')) return new Response('no', { status: 404 });
  throw new TypeError('Failed to fetch');
}

export interface FuzzLibrary {
  api: Api;
  namespace: string;
  library: OpenLibrary;
  /** Real ids and names of the library, mixed into the hostile values. */
  known: string[];
}

export async function fuzzLibrary(): Promise<FuzzLibrary> {
  let time = 1_750_000_000_000;
  const clock = () => (time += 7);
  const namespace = `fuzz-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const api = createApi({ namespace, clock, ids: createIdGenerator(clock, () => 0.5), fetchSource, mediaWaitMs: 1 });
  const post = async <T>(path: string, body: Record<string, unknown>) => {
    const answer = await call<T>(api, 'POST', path, body);
    if (answer.httpStatus !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return answer.data;
  };
  const { path } = await post<{ path: string }>('/library/create', { name: 'Fuzz' });
  await post('/library/switch', { libraryPath: path });
  const folder = (await post<{ id: string }>('/folder/create', { name: 'Pets', iconColor: 'red' })).id;
  const child = (await post<{ id: string }>('/folder/create', { name: 'Cats', parent: folder })).id;
  const { ids } = await post<{ ids: string[] }>('/item/add', {
    items: [
      { base64: await pngBase64(4, 3), name: 'cat one', tags: ['cat', '猫'], folders: [child], annotation: 'soft' },
      { bookmarkURL: 'https://example.com/dog', name: 'dog', tags: ['dog'], star: 3 },
      { bookmarkURL: 'https://example.com/trash', name: 'old', tags: ['cat'] },
    ],
  });
  await post('/item/update', { id: ids[2], isDeleted: true });
  const comment = (await post<{ id: string }>('/item/addComment', { id: ids[0], annotation: 'nice', x: 1, y: 1, width: 2, height: 2 })).id;
  const group = (await post<{ id: string }>('/tagGroup/create', { name: 'Animals', tags: ['cat', 'dog'], color: 'blue' })).id;
  await post('/tag/update', { originalName: 'dog', starred: true });
  const smart = (await post<{ id: string }>('/smartFolder/create', { name: 'Cats', conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'tags', method: 'union', value: ['cat'] }] }] })).id;
  await post('/smartFolder/create', { name: 'Soft', parent: smart, conditions: [{ match: 'OR', boolean: 'TRUE', rules: [{ property: 'annotation', method: 'contain', value: 'soft' }] }] });
  const library = api.open(await api.registry.require(path));
  const known = [...ids, folder, child, comment, group, smart, path, 'cat', 'dog', '猫', 'Pets', '/assets/cat.png', 'https://img.example/cat.png', `/api/v2/item/file?id=${ids[0]}`];
  return { api, namespace, library, known };
}
