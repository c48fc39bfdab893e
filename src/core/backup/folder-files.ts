/** Small writes into a FileSystemDirectoryHandle, counted (the tests and the bench read the counts). */
export interface WriteCount {
  files: number;
  bytes: number;
  removed: number;
}

/**
 * createWritable writes into a swap file that replaces the old one on close, so a stop mid-write
 * leaves the old file or none, never half of one.
 */
export async function writeFile(dir: FileSystemDirectoryHandle, name: string, data: Blob | string, count: WriteCount): Promise<void> {
  const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
  try {
    await writable.write(data);
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => undefined);
    throw error;
  }
  count.files += 1;
  count.bytes += typeof data === 'string' ? data.length : data.size;
}

export async function removeEntry(dir: FileSystemDirectoryHandle, name: string, count: WriteCount): Promise<void> {
  try {
    await dir.removeEntry(name, { recursive: true });
    count.removed += 1;
  } catch (error) {
    // Already gone (a stopped run removed it): the aim is reached.
    if ((error as { name?: string }).name !== 'NotFoundError') throw error;
  }
}

/** Fails with NotFoundError when the folder itself was moved or deleted. */
export async function checkFolder(dir: FileSystemDirectoryHandle): Promise<void> {
  for await (const _ of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) break;
}
