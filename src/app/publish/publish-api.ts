/**
 * The Publish dialog's one API call: POST library/publish, the open library or a part of it as a
 * published library in a zip (docs/publishing.md). `have` names the files the destination holds,
 * which the worker leaves out.
 */
import { apiUrl, LIBRARY_HEADER, type ErrorBody } from '../api-client';
import { visitorLibrary } from '../visitor-frame';

export interface PublishTarget {
  kind: 'library' | 'folder' | 'smart-folder';
  /** The folder's or smart folder's id (none for the library). */
  id?: string;
  name: string;
}

export interface PublishChoices {
  subfolders: boolean;
  originals: boolean;
}

export async function publishZip(target: PublishTarget, choices: PublishChoices, have: readonly string[], onBytes: (bytes: number) => void, signal?: AbortSignal): Promise<Blob> {
  const body = {
    ...(target.kind === 'folder' ? { folderId: target.id, subfolders: choices.subfolders } : {}),
    ...(target.kind === 'smart-folder' ? { smartFolderId: target.id } : {}),
    originals: choices.originals,
    have,
  };
  // A POST reads no library= from its URL: a page that works on one library names it in the header.
  const library = visitorLibrary();
  const headers = { 'Content-Type': 'application/json', ...(library ? { [LIBRARY_HEADER]: library } : {}) };
  const response = await fetch(apiUrl('/library/publish'), { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (!response.ok) {
    const error = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
    throw new Error(error?.message ?? `Publishing failed (${response.status}).`);
  }
  // Read as it streams, to show how far the worker got.
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    onBytes(bytes);
  }
  return new Blob(chunks, { type: 'application/zip' });
}
