/**
 * The Import button's first version: files picked by the person go to item/add as base64 data URLs,
 * a few per request, into the folder being viewed. Part 2 (drop, paste, folders, a progress panel,
 * bounded concurrency) grows this into a full import.
 */
import type { ApiPort } from '../state/api-port';
import { messageOf } from '../toasts/toast-store';

const PER_REQUEST = 10;

export interface ImportResult {
  added: number;
  failed: { name: string; message: string }[];
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });
}

const baseName = (name: string) => name.replace(/\.[^./]+$/, '') || name;

export async function importFiles(api: ApiPort, files: readonly File[], folderId?: string, onProgress?: (done: number) => void): Promise<ImportResult> {
  const result: ImportResult = { added: 0, failed: [] };
  for (let at = 0; at < files.length; at += PER_REQUEST) {
    const batch = files.slice(at, at + PER_REQUEST);
    const items = await Promise.all(
      batch.map(async (file) => ({ name: baseName(file.name), base64: await readAsDataUrl(file), ...(folderId ? { folders: [folderId] } : {}) })),
    );
    try {
      const added = await api.post<{ ids: string[] }>('/item/add', { items });
      result.added += added.ids.length;
    } catch {
      // A batch is all-or-nothing: try its files one by one, so one bad file does not sink the rest.
      for (const item of items) {
        try {
          await api.post('/item/add', item);
          result.added += 1;
        } catch (single) {
          result.failed.push({ name: item.name, message: messageOf(single) });
        }
      }
    }
    onProgress?.(Math.min(files.length, at + PER_REQUEST));
  }
  return result;
}
