// The user's CLIP model behind the API, through the real service worker and the typed client: kept,
// described, served file by file, refused with the field named (the kept one stays), and removed.
// The model is the browser's, shared by every test file of the run: this test leaves none kept.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, ApiClientError } from '../../src/client/api-client';
import { tinyClipManifest, tinyImageEncoder, tinyTextEncoder, VOCAB } from '../tiny-clip/tiny-clip-model';
import { controlledBy, fetchApi } from './service-worker';

const client = new ApiClient();

function modelFiles(leaveOut = ''): File[] {
  const files = [
    new File([JSON.stringify(tinyClipManifest())], 'clip.json', { type: 'application/json' }),
    new File([tinyImageEncoder() as BlobPart], 'image.onnx'),
    new File([tinyTextEncoder() as BlobPart], 'text.onnx'),
    new File([JSON.stringify(VOCAB)], 'vocab.json', { type: 'application/json' }),
  ];
  return files.filter((file) => file.name !== leaveOut);
}

function formOf(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
}

const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as ApiClientError);

describe('the CLIP model routes', () => {
  afterEach(async () => {
    await client.post('/aiSearch/clipModel/remove');
  });

  it('keep the picked files, describe and serve them, and remove them', async () => {
    await controlledBy();
    await client.post('/aiSearch/clipModel/remove');
    expect(await client.get('/aiSearch/clipModel')).toEqual({ manifest: null, files: [] });

    const { manifest } = await client.postBody('/aiSearch/clipModel/put', {}, formOf(modelFiles()));
    expect(manifest).toMatchObject({ name: 'tiny-clip-test', dims: 8 });
    const kept = await client.get('/aiSearch/clipModel');
    expect(kept.manifest?.name).toBe('tiny-clip-test');
    expect([...kept.files].sort()).toEqual(['image.onnx', 'text.onnx', 'vocab.json']);

    const { response } = await fetchApi(client.url('/aiSearch/clipModel/file', { name: 'image.onnx' }));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(tinyImageEncoder());
    const text = await client.fetchRaw('/aiSearch/clipModel/file', { name: 'text.onnx' });
    expect(new Uint8Array(await text.arrayBuffer())).toEqual(tinyTextEncoder());
    expect(await errorOf(client.fetchRaw('/aiSearch/clipModel/file', { name: 'other.onnx' }))).toMatchObject({ httpStatus: 404, code: 'NOT_FOUND' });
    // The status endpoints report the kept model.
    expect(await client.get('/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: true, name: 'tiny-clip-test', dims: 8 } });

    expect(await client.post('/aiSearch/clipModel/remove')).toEqual({ removed: true });
    expect(await client.get('/aiSearch/clipModel')).toEqual({ manifest: null, files: [] });
    expect(await client.post('/aiSearch/clipModel/remove')).toEqual({ removed: false });
  });

  it('refuse a model that is not whole with a 400 naming the field, and keep the model before', async () => {
    await controlledBy();
    await client.postBody('/aiSearch/clipModel/put', {}, formOf(modelFiles()));

    const partial = await errorOf(client.postBody('/aiSearch/clipModel/put', {}, formOf(modelFiles('text.onnx'))));
    expect(partial).toMatchObject({ httpStatus: 400, code: 'INVALID_ARGUMENT' });
    expect(partial?.message).toMatch(/files: .*text\.onnx/);
    const noManifest = await errorOf(client.postBody('/aiSearch/clipModel/put', {}, formOf(modelFiles('clip.json'))));
    expect(noManifest).toMatchObject({ httpStatus: 400, code: 'INVALID_ARGUMENT' });
    expect(noManifest?.message).toMatch(/files: .*manifest/);
    const { response, body } = await fetchApi('/aiSearch/clipModel/put', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^files: /) });

    expect((await client.get('/aiSearch/clipModel')).manifest?.name).toBe('tiny-clip-test');
  });
});
