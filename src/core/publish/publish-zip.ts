/**
 * POST library/publish (ours): the open library, or a part of it, written by the publish command's
 * own writer (publish-library.ts) into a zip streamed as it is written. Read through the export's
 * tree of the library, so the worker publishes what an export holds and the command would publish
 * from it. client-zip and the writer load with the first publish, not at every worker start.
 */
import type { OpenLibrary } from '../context';
import { eagleLibraryEntries } from '../eagle-library/export-entries';
import { FlatTree, type LibraryTree } from '../eagle-library/library-tree';
import { readRoot } from '../eagle-library/read-library';
import { invalid } from '../http/errors';
import { publishLibrary, type PublishOptions } from './publish-library';
import { planPart, PublishPartError, type PublishPart } from './publish-part';

export interface PublishRequest {
  part?: PublishPart;
  originals: boolean;
  name?: string;
  shardItems?: number;
  /** Files the destination holds already (published names carry their hash): not in the zip. */
  have: readonly string[];
}

/** The library as the files of its export, held as references (blobs stay in IndexedDB until read). */
async function libraryTree(library: OpenLibrary): Promise<LibraryTree> {
  const entries: [string, Blob | string | undefined][] = [];
  for await (const entry of eagleLibraryEntries(library)) entries.push([entry.path, entry.data]);
  return new FlatTree(entries, `${library.record.name}.library`, async (data) => (data instanceof Blob ? data : new Blob([data ?? ''])));
}

interface ZipInput {
  name: string;
  input: Uint8Array;
  lastModified: Date;
}

/**
 * The writer's files as they come: it pushes, the zip pulls. A few files wait at most, so a large
 * library is never held whole in memory.
 */
async function* filesOf(write: (push: (file: ZipInput) => Promise<void>) => Promise<unknown>): AsyncGenerator<ZipInput> {
  const queue: ZipInput[] = [];
  let wake: (() => void) | undefined;
  let room: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  const push = async (file: ZipInput) => {
    queue.push(file);
    wake?.();
    if (queue.length >= 4) await new Promise<void>((resolve) => (room = resolve));
  };
  write(push).then(
    () => (finished = true),
    (error: unknown) => ((failure = error ?? new Error('publishing failed')), (finished = true)),
  ).finally(() => wake?.());
  for (;;) {
    if (queue.length) {
      const file = queue.shift()!;
      room?.();
      room = undefined;
      yield file;
    } else if (finished) {
      if (failure) throw failure;
      return;
    } else {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  }
}

export async function publishZipResponse(library: OpenLibrary, request: PublishRequest): Promise<Response> {
  const tree = await libraryTree(library);
  // An unknown id is the caller's mistake: a 400 naming the field, before any byte is sent.
  let partName: string | undefined;
  if (request.part) {
    const root = await readRoot(tree);
    if (typeof root === 'string') throw new Error(root);
    try {
      partName = planPart(root, request.part).name;
    } catch (error) {
      if (error instanceof PublishPartError) throw invalid(`${error.field}: ${error.message}`);
      throw error;
    }
  }
  const have = new Set(request.have);
  const options: PublishOptions = { originals: request.originals, name: request.name ?? (request.part ? undefined : library.record.name), shardItems: request.shardItems, part: request.part };
  const now = new Date();
  const files = filesOf((push) =>
    publishLibrary(tree, { write: (path, bytes) => push({ name: path, input: bytes, lastModified: now }), has: async (path) => have.has(path) }, options),
  );
  const { makeZip } = await import('client-zip');
  const fileName = `${(options.name ?? partName ?? library.record.name).replace(/[/\\:*?"<>|]/g, '_')}-published.zip`;
  return new Response(makeZip(files), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'Cache-Control': 'no-store',
    },
  });
}
