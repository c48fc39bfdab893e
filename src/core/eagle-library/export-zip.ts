/**
 * The export as a streamed zip: client-zip writes stored (uncompressed) entries as the generator
 * yields them, switching to Zip64 by itself past 4 GiB. client-zip is a deferred package in the
 * service worker: import it only dynamically.
 */
import type { OpenLibrary } from '../context';
import { eagleLibraryEntries, type ExportEntry } from './export-entries';

async function* zipInputs(folder: string, entries: AsyncIterable<ExportEntry>) {
  yield { name: `${folder}/`, lastModified: new Date() };
  for await (const entry of entries) {
    const name = `${folder}/${entry.path}`;
    const lastModified = new Date(entry.lastModified);
    yield entry.data === undefined ? { name, lastModified } : { name, lastModified, input: entry.data };
  }
}

export async function exportZipResponse(library: OpenLibrary): Promise<Response> {
  const { makeZip } = await import('client-zip');
  const folder = `${library.record.name}.library`;
  const body = makeZip(zipInputs(folder, eagleLibraryEntries(library)));
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${folder}.zip`)}`,
      'Cache-Control': 'no-store',
    },
  });
}
