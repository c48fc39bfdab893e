/** How the panels talk to the shell: bubbling, composed events, and the API's own error message. */
import { ApiClientError } from '../api-client';

export function emit<T>(from: HTMLElement, type: string, detail: T): void {
  from.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** The sentence to show a person: the API's message when the API refused, else the error's own text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) return error.body.message;
  return error instanceof Error ? error.message : String(error);
}

/** Runs one API write; on success says `item-changed`, on failure `api-error`. Returns the answer or undefined. */
export async function writeThrough<T>(from: HTMLElement, itemId: string, write: () => Promise<T>): Promise<T | undefined> {
  try {
    const answer = await write();
    emit(from, 'item-changed', { id: itemId });
    return answer;
  } catch (error) {
    emit(from, 'api-error', { message: errorMessage(error) });
    return undefined;
  }
}
