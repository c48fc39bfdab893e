/**
 * Answers the share sheet's POST (the manifest's share_target, `<scope>share-target`): the shared
 * files (item/addFiles, each kept a Blob) or link (item/add) go into the library through the API,
 * all or nothing, then a 303 sends the window to the app, whose address says what happened:
 * `?share-added=<ids>` or `?share-failed=<reason>` (src/app/pwa/launch-params.ts reads them and
 * offers Undo). Nothing is
 * kept in memory, so a worker stopped after the redirect loses nothing
 * (docs/decisions/share-target.md).
 */
import { toApiError } from '../core/http/errors';
import { SHARE_TARGET_PATH } from '../core/shared/share-target';
import { sharedRequest } from './share-form';
import { FILES_FIELD } from '../core/items/add-files-field';

export const SHARE_ADDED_PARAM = 'share-added';
export const SHARE_FAILED_PARAM = 'share-failed';

/** Whether `request` is the share sheet's POST to this scope's share target. */
export function isShareRequest(request: Request, scope: string): boolean {
  return request.method === 'POST' && request.url.split(/[?#]/)[0] === new URL(SHARE_TARGET_PATH, scope).href;
}

/**
 * `send` answers a POST to an API route (`/item/add` with a JSON body, `/item/addFiles` with a
 * multipart one and its fields as the query string) with the API's envelope (the core's `handle`).
 */
export type ShareSend = (route: string, body: BodyInit, query?: URLSearchParams) => Promise<Response>;

export async function answerShare(request: Request, scope: string, send: ShareSend): Promise<Response> {
  const back = new URL(scope);
  try {
    const shared = sharedRequest(await readForm(request));
    let response: Response;
    if (shared.route === '/item/add') {
      response = await send(shared.route, JSON.stringify({ items: shared.items }));
    } else {
      const body = new FormData();
      for (const file of shared.files) body.append(FILES_FIELD, file);
      response = await send(shared.route, body, new URLSearchParams(shared.fields));
    }
    const answer = (await response.json()) as { status: string; data?: { ids: string[] }; message?: string };
    if (answer.status !== 'success' || !answer.data) throw new Error(answer.message ?? 'The library did not take the share.');
    back.searchParams.set(SHARE_ADDED_PARAM, answer.data.ids.join(','));
  } catch (thrown) {
    back.searchParams.set(SHARE_FAILED_PARAM, (thrown instanceof Error ? thrown : toApiError(thrown)).message);
  }
  return Response.redirect(back.href, 303);
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    throw new Error(`The share could not be read as a form (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
}
