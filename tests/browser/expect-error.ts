/** Sends a request through the worker on one library and checks the error envelope it answers. */
import { expect } from 'vitest';
import { fetchApi, LIBRARY_HEADER } from './service-worker';

export async function expectError(
  library: string,
  path: string,
  body: unknown,
  status: number,
  code: string,
  message: RegExp,
): Promise<void> {
  const { response, body: answer } = await fetchApi(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(status);
  expect(answer).toMatchObject({ status: 'error', code });
  expect(answer.message).toMatch(message);
}
