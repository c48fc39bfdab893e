/**
 * Every JSON answer the service worker gives a browser test is checked against the OpenAPI document
 * it serves (/api/v2/openapi.json): the page's fetch is wrapped, and a test whose calls got an
 * answer its route's response schema does not allow fails when it ends (vite.config.ts
 * `setupFiles`). The document is fetched and each schema compiled once per test file.
 */
import { afterEach } from 'vitest';
import { contractCheck, type ContractCheck } from '../contract/response-check';

const originalFetch = globalThis.fetch.bind(globalThis);
let checker: Promise<ContractCheck> | undefined;
let pending: Promise<void>[] = [];
let violations: string[] = [];

async function loadChecker(): Promise<ContractCheck> {
  const response = await originalFetch('/api/v2/openapi.json');
  if (!response.ok) throw new Error(`The OpenAPI document did not load (${response.status}).`);
  return contractCheck(await response.json());
}

/** Checks the next answers against this document instead of the served one (a test of the check itself). */
export function checkAgainst(document: unknown): void {
  checker = Promise.resolve(contractCheck(document));
}

/** The disagreements found since the last call (or the test's start), emptied: a test of the check itself reads them. */
export async function takeViolations(): Promise<string[]> {
  await Promise.all(pending);
  const found = violations;
  violations = [];
  pending = [];
  return found;
}

async function check(method: string, url: string, response: Response): Promise<void> {
  try {
    const body: unknown = await response.json();
    const problem = (await (checker ??= loadChecker()))({ method, url, status: response.status, body });
    if (problem) violations.push(problem);
  } catch (error) {
    // A body cut off by an aborted request cannot be checked; anything else is worth failing for.
    if ((error as Error).name !== 'AbortError') violations.push(`${method} ${url}: ${(error as Error).message}`);
  }
}

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const response = await originalFetch(input, init);
  const type = response.headers.get('Content-Type') ?? '';
  if (response.headers.get('X-Served-By') === 'service-worker' && type.includes('json')) {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = input instanceof Request ? input.url : String(input);
    if (method !== 'HEAD' && !new URL(url, location.href).pathname.endsWith('/openapi.json')) pending.push(check(method, url, response.clone()));
  }
  return response;
};

afterEach(async () => {
  const found = await takeViolations();
  if (found.length > 0) throw new Error(`An answer disagrees with the OpenAPI document:\n${found.join('\n')}`);
});
