/**
 * What the rows make beside the seeded library, and its removal once their figures are taken: the
 * libraries of the thumbnail, Eagle, AI, sync and UI-import rows go through `library/remove` after
 * the last row that reads them, and the baselines' scratch databases are deleted after the row that
 * made them. The bench's browser context keeps storage in memory under a quota of its own: kept,
 * they fill it before the published rows of a run at N = 100,000 (bench/README.md).
 */
import Dexie from 'dexie';
import { ApiClient } from '../../tests/loose-client';
import type { Api } from '../../src/core';

export interface Removed {
  libraries: number;
  databases: number;
}

export class Leftovers {
  /** Library path → the id of the last row that reads it (undefined: the row that made it). */
  private readonly libraries = new Map<string, string | undefined>();
  /** Scratch databases of baselines, deleted after the row that made them. */
  readonly scratch: string[] = [];

  constructor(private readonly core: Api) {}

  /** Removes `path` once the row `lastRow` has run (by default, once the row running now ends). */
  keepLibraryUntil(path: string, lastRow?: string): void {
    this.libraries.set(path, lastRow);
  }

  /** After the row `id`: removes the libraries it was the last reader of, and every scratch database. */
  async afterRow(id: string): Promise<Removed> {
    const done = [...this.libraries].filter(([, lastRow]) => lastRow === undefined || lastRow === id).map(([path]) => path);
    return this.remove(done);
  }

  /** At the end of the run (rows left out by BENCH_ONLY, or one that failed): everything. */
  async all(): Promise<Removed> {
    return this.remove([...this.libraries.keys()]);
  }

  private async remove(paths: string[]): Promise<Removed> {
    const databases = this.scratch.splice(0);
    try {
      for (const path of paths) {
        this.libraries.delete(path);
        await this.removeLibrary(path);
      }
    } finally {
      // A library that could not be removed leaves the scratch databases no less disposable.
      for (const name of databases) await Dexie.delete(name);
    }
    return { libraries: paths.length, databases: databases.length };
  }

  /** library/remove deletes the library's database and its sync replica. */
  private async removeLibrary(path: string): Promise<void> {
    if (await this.core.registry.find(path)) await new ApiClient().post('/library/remove', { libraryPath: path });
  }
}
