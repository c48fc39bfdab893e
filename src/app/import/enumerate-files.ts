/**
 * Walks what was dropped (files and whole folders, recursively) lazily: each batch is read only when
 * the importer asks for it, so a drop of 70,000 files never holds them all or blocks the page.
 * Works on the small part of the File and Directory Entries API it needs, so node tests can feed it.
 */

export interface FileEntryLike {
  readonly isFile: true;
  readonly isDirectory: false;
  readonly name: string;
  readonly fullPath: string;
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}

export interface DirectoryReaderLike {
  /** Answers the next entries, or [] once the directory is exhausted (browsers give ~100 a call). */
  readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void;
}

export interface DirectoryEntryLike {
  readonly isFile: false;
  readonly isDirectory: true;
  readonly name: string;
  readonly fullPath: string;
  createReader(): DirectoryReaderLike;
}

export type EntryLike = FileEntryLike | DirectoryEntryLike;

/** One dropped thing: a plain file, or an entry that may be a directory. */
export type DropRoot = { file: File; path?: string } | { entry: EntryLike };

export interface FoundFile {
  file: File;
  /** Where it was found, e.g. "/holiday/day 1/a.jpg"; the file name for a plain file. */
  path: string;
}

/** A file or directory that could not be read (permissions, vanished while walking). */
export interface UnreadableEntry {
  path: string;
  message: string;
}

const readEntries = (reader: DirectoryReaderLike) =>
  new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
const fileOf = (entry: FileEntryLike) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `onDirectory` hears each directory as the walk enters it (its path, e.g. "/holiday/day 1"), before its files. */
export async function* enumerateFiles(
  roots: readonly DropRoot[],
  batchSize = 200,
  onUnreadable: (problem: UnreadableEntry) => void = () => {},
  onDirectory: (path: string) => Promise<void> | void = () => {},
): AsyncGenerator<FoundFile[]> {
  let batch: FoundFile[] = [];
  // Depth-first: an open directory's reader stays on the stack until it answers [].
  const stack: { reader: DirectoryReaderLike; path: string }[] = [];
  const pending = [...roots].reverse();

  const take = async (entry: EntryLike): Promise<void> => {
    if (entry.isDirectory) {
      await onDirectory(entry.fullPath || entry.name);
      stack.push({ reader: entry.createReader(), path: entry.fullPath });
      return;
    }
    try {
      batch.push({ file: await fileOf(entry), path: entry.fullPath || entry.name });
    } catch (error) {
      onUnreadable({ path: entry.fullPath || entry.name, message: messageOf(error) });
    }
  };

  while (pending.length || stack.length) {
    const top = stack.at(-1);
    if (top) {
      let entries: EntryLike[];
      try {
        entries = await readEntries(top.reader);
      } catch (error) {
        onUnreadable({ path: top.path, message: messageOf(error) });
        entries = [];
      }
      if (entries.length === 0) stack.pop();
      for (const entry of entries) await take(entry);
    } else {
      const root = pending.pop()!;
      if ('file' in root) batch.push({ file: root.file, path: root.path ?? root.file.name });
      else await take(root.entry);
    }
    while (batch.length >= batchSize) {
      yield batch.slice(0, batchSize);
      batch = batch.slice(batchSize);
    }
  }
  if (batch.length) yield batch;
}
