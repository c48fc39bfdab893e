/**
 * Saves a capture one item at a time, so that each chosen thing gets its own answer: saved, saved
 * as a link only (its site refused a cross-origin read; the item says why), or not saved with the
 * API's message naming the cause. Nothing is lost in silence.
 */
import { ApiClientError, type ApiClient } from '../api-client';
import type { Item } from '../api-types';

export interface CaptureOutcome {
  /** What the person picked: the image's or the page's address. */
  source: string;
  state: 'saved' | 'linked' | 'failed';
  id?: string;
  name?: string;
  /** For `linked`, why the original was not kept; for `failed`, why nothing was saved. */
  message?: string;
}

const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.body.message : error instanceof Error ? error.message : String(error));

export async function saveCapture(api: ApiClient, items: readonly Record<string, unknown>[], progress: (outcomes: CaptureOutcome[]) => void): Promise<CaptureOutcome[]> {
  const outcomes: CaptureOutcome[] = [];
  for (const body of items) {
    const source = String(body.url ?? body.bookmarkURL);
    let id: string;
    try {
      const added = await api.post('/item/add', body);
      if (!('id' in added)) throw new Error('item/add answered a batch to one item.');
      id = added.id;
    } catch (error) {
      outcomes.push({ source, state: 'failed', message: messageOf(error) });
      progress([...outcomes]);
      continue;
    }
    // Saved: a failed read of its name or of what was not kept does not make it "not saved".
    const item = await api.post('/item/get', { id, fields: ['name', 'notKept'] }).then((page) => page.data[0], () => undefined);
    outcomes.push(item?.notKept ? { source, state: 'linked', id, name: item.name, message: item.notKept } : { source, state: 'saved', id, name: item?.name ?? '' });
    progress([...outcomes]);
  }
  return outcomes;
}
