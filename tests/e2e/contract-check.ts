/**
 * Every JSON answer the service worker gives an e2e page is checked against the OpenAPI document
 * (built once per run from the same source as the site's, ./global-setup.ts): each browser context
 * launched through ./browser.ts is watched, and a test whose pages got an answer its route's
 * response schema does not allow fails when it ends (./browser.ts's `useBrowser`: a hook this
 * module added itself would be added once per e2e lane, to its first files only, since a lane
 * shares its modules). Schemas are compiled once per lane.
 */
import type { BrowserContext, Response } from 'playwright';
import { inject } from 'vitest';
import { contractCheck, type ContractCheck } from '../contract/response-check';

let check: ContractCheck | undefined;
let pending: Promise<void>[] = [];
let violations: string[] = [];

async function checkAnswer(response: Response): Promise<void> {
  if ((await response.headerValue('x-served-by')) !== 'service-worker') return;
  if (!((await response.headerValue('content-type')) ?? '').includes('json')) return;
  const method = response.request().method();
  if (method === 'HEAD' || new URL(response.url()).pathname.endsWith('/openapi.json')) return;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // The page closed or navigated before its body could be read: nothing to check.
    return;
  }
  check ??= contractCheck(inject('openApiDocument'));
  const problem = check({ method, url: response.url(), status: response.status(), body });
  if (problem) violations.push(problem);
}

/** Checks the API answers of every page of this context. */
export function watchAnswers(context: BrowserContext): void {
  context.on('response', (response) => {
    pending.push(checkAnswer(response).catch(() => undefined));
  });
}

/** Waits until every answer seen so far is checked (before its context closes). */
export async function answersChecked(): Promise<void> {
  await Promise.all(pending);
}

/** The disagreements found since the last call, emptied. */
export async function takeViolations(): Promise<string[]> {
  await Promise.all(pending);
  const found = violations;
  violations = [];
  pending = [];
  return found;
}

/** Throws the disagreements found since the last call (./browser.ts calls it after each test). */
export async function failOnViolations(): Promise<void> {
  const found = await takeViolations();
  if (found.length > 0) throw new Error(`An answer disagrees with the OpenAPI document:\n${found.join('\n')}`);
}
