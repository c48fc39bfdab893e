// The service worker's shell answers app/info without loading the core (docs/decisions/
// service-worker-startup.md): with the same route, router and envelopes, so every answer it gives
// is the one createApi gives, byte for byte, and it claims no request it does not answer.
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/core';
import { LIBRARY_HEADER } from '../../src/core/http/named-library';
import { createShellApi, SHELL_ROUTES } from '../../src/core/shell-api';
import { ROUTES } from '../../src/core/routes';
import { newLibrary } from './helpers';

const answerOf = async (response: Response) => ({
  status: response.status,
  headers: [...response.headers.entries()],
  body: await response.text(),
});

describe('the shell API', () => {
  it('answers its routes exactly as the core does', async () => {
    const namespace = `shell-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const core = createApi({ namespace });
    const shell = createShellApi({ namespace });
    const library = await newLibrary(core);
    const url = 'http://localhost/api/v2/app/info';
    const requests = [
      () => new Request(url),
      () => new Request(`${url}?extra=1&library=`),
      () => new Request(url, { method: 'HEAD' }),
      () => new Request(url, { headers: { [LIBRARY_HEADER]: library } }),
      () => new Request(url, { headers: { [LIBRARY_HEADER]: `${library}/` } }),
      () => new Request(url, { headers: { [LIBRARY_HEADER]: '/libraries/none.library' } }),
      () => new Request(url, { headers: { [LIBRARY_HEADER]: '__proto__' } }),
      () => new Request(`${url}?library=${encodeURIComponent('/libraries/none.library')}`),
      () => new Request(`${url}?library=${encodeURIComponent(library)}`),
    ];
    const statuses: number[] = [];
    for (const make of requests) {
      expect(shell.answers(make())).toBe(true);
      const ours = await answerOf(await shell.handle(make()));
      expect(ours).toEqual(await answerOf(await core.handle(make())));
      statuses.push(ours.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 404, 404, 404, 200]);
    core.close();
  });

  it('claims no request it does not answer', () => {
    const shell = createShellApi();
    for (const request of [
      new Request('http://localhost/api/v2/app/info', { method: 'POST', body: '{}' }),
      new Request('http://localhost/api/v2/app/info', { method: 'OPTIONS' }),
      new Request('http://localhost/api/v2/item/get'),
      new Request('http://localhost/api/v2/library/info'),
      new Request('http://localhost/api/v2/app/nothing'),
      new Request('http://localhost/api/v1/app/info'),
      new Request('http://localhost/elsewhere/api/v2/app/info'),
    ]) {
      expect(shell.answers(request), `${request.method} ${request.url}`).toBe(false);
    }
  });

  it('answers under the prefix it is given', () => {
    const shell = createShellApi({ apiPrefix: '/asset-library/api/v2' });
    expect(shell.answers(new Request('http://localhost/asset-library/api/v2/app/info'))).toBe(true);
    expect(shell.answers(new Request('http://localhost/api/v2/app/info'))).toBe(false);
  });

  it('has only routes of the core, reads all', () => {
    for (const shellRoute of SHELL_ROUTES) {
      expect(ROUTES).toContain(shellRoute);
      expect(shellRoute.method).toBe('GET');
    }
  });
});
