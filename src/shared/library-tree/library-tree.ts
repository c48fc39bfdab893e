/**
 * The one view of an Eagle library the importer reads from, whatever holds it: a zip (read entry
 * by entry), a directory handle, or the flat File list of a dropped or picked folder. Paths are
 * relative to the library folder and use "/".
 */
import { findLibraryRoot } from './library-root';

export interface TreeEntry {
  name: string;
  kind: 'file' | 'directory';
}

export interface LibraryTree {
  /** The library's folder name, e.g. "Photos.library" (the zip's or folder's name when unknown). */
  readonly folderName: string;
  /** Entries directly inside `dir` ("" is the library folder); none when it does not exist. */
  list(dir: string): Promise<TreeEntry[]>;
  /** A file's bytes, or undefined when there is no such file. */
  read(path: string): Promise<Blob | undefined>;
  /** The same as bytes in memory (small files: records, the head of a thumbnail). */
  readBytes?(path: string): Promise<Uint8Array | undefined>;
  /**
   * Reads every file under these folders in one go, so the reads that follow come from memory
   * (a zip holds an item folder's files side by side); replaces what an earlier call read.
   */
  prefetch?(dirs: readonly string[]): Promise<void>;
  /** Frees what the tree holds open (a zip reader). */
  close?(): Promise<void>;
}

export const joinPath = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/** The library name Eagle shows: the folder name without ".library". */
export const libraryNameOf = (folderName: string) => folderName.replace(/\.library$/i, '').replace(/\.zip$/i, '').trim() || 'Imported';

/**
 * Indexes a flat list of file paths (zip entries, webkitRelativePath) as a tree. The library folder
 * is the shallowest one holding metadata.json and images/ (library-root.ts; a zip may hold
 * "Name.library/…", the library's content directly, or its parent folder).
 */
export class FlatTree<F> implements LibraryTree {
  private readonly dirs = new Map<string, Map<string, TreeEntry>>();
  private readonly files = new Map<string, F>();
  readonly folderName: string;

  /** Bytes read by the last prefetch, by path. */
  private prefetched = new Map<string, Uint8Array>();

  constructor(
    entries: Iterable<[path: string, file: F]>,
    fallbackName: string,
    private readonly load: (file: F) => Promise<Blob>,
    readonly close?: () => Promise<void>,
    /** Reads many files at once; answers the bytes of those it could. */
    private readonly loadMany?: (files: F[]) => Promise<Map<F, Uint8Array>>,
  ) {
    const all = [...entries].map(([path, file]) => [path.replace(/^\/+/, ''), file] as const);
    const root = findLibraryRoot(all.map(([path]) => path));
    const prefix = root ? `${root}/` : '';
    for (const [path, file] of all) {
      // A path ending in "/" is a folder (zips list empty ones so).
      const isFolder = path.endsWith('/');
      const inside = path.slice(prefix.length).replace(/\/$/, '');
      if (!path.startsWith(prefix) || !inside) continue;
      if (!isFolder) this.files.set(inside, file);
      const parts = inside.split('/');
      for (let i = 0; i < parts.length; i += 1) {
        const dir = parts.slice(0, i).join('/');
        const listing = this.dirs.get(dir) ?? new Map<string, TreeEntry>();
        const kind = i === parts.length - 1 && !isFolder ? 'file' : 'directory';
        listing.set(parts[i]!, { name: parts[i]!, kind });
        this.dirs.set(dir, listing);
      }
    }
    this.folderName = root ? root.split('/').pop()! : fallbackName;
  }

  async list(dir: string): Promise<TreeEntry[]> {
    return [...(this.dirs.get(dir)?.values() ?? [])];
  }

  async read(path: string): Promise<Blob | undefined> {
    const bytes = this.prefetched.get(path);
    if (bytes) return new Blob([bytes as Uint8Array<ArrayBuffer>]);
    const file = this.files.get(path);
    return file === undefined ? undefined : this.load(file);
  }

  async readBytes(path: string): Promise<Uint8Array | undefined> {
    const bytes = this.prefetched.get(path);
    if (bytes) return bytes;
    const blob = await this.read(path);
    return blob && new Uint8Array(await blob.arrayBuffer());
  }

  async prefetch(dirs: readonly string[]): Promise<void> {
    this.prefetched = new Map();
    if (!this.loadMany) return;
    const paths = dirs.flatMap((dir) => [...(this.dirs.get(dir)?.values() ?? [])].filter((e) => e.kind === 'file').map((e) => joinPath(dir, e.name)));
    const files = paths.map((path) => this.files.get(path)!).filter((file) => file !== undefined);
    const loaded = await this.loadMany(files);
    for (const path of paths) {
      const bytes = loaded.get(this.files.get(path)!);
      if (bytes) this.prefetched.set(path, bytes);
    }
  }
}

/** Every file of the tree, depth-first, with its path. */
export async function* walkFiles(tree: LibraryTree, dir = ''): AsyncGenerator<{ path: string; blob: Blob }> {
  for (const entry of await tree.list(dir)) {
    const path = joinPath(dir, entry.name);
    if (entry.kind === 'directory') {
      yield* walkFiles(tree, path);
      continue;
    }
    const blob = await tree.read(path);
    if (blob) yield { path, blob };
  }
}
