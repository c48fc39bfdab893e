/**
 * One Dexie database per library. Upgrades are numbered `version(n).stores()` steps; never edit a
 * released step, add the next one. A released step's output may change only through a layout
 * function it shares with later steps, and only if every later step accepts both layouts (steps 2
 * and 7 now write the version 8 layout, which step 8 accepts as well as the version 7 one).
 *
 * The floor knows the tables, not the features: a step that must fill a new table from the old
 * ones (the posting lists, the descriptor jobs) gets that work handed in as `upgrades`, keyed by
 * the step's version (the features' list is src/core/library-upgrades.ts). A database opened
 * without them (tests and benchmarks opening a library the API already made) needs none.
 */
import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import type {
  CommentRow,
  DescriptorShardRow,
  ObjectsRow,
  ClipShardRow,
  FileRow,
  FolderRow,
  ItemRow,
  JobRow,
  SmartFolderRow,
  StateRow,
  TagGroupRow,
  TagRow,
  PackRow,
  PostingRow,
  SmartFolderCountRow,
  ThumbnailRow,
  TextShardRow,
  TextSlotRow,
} from './rows';

/** Fills what a version step added from the rows before it, inside the upgrade transaction. */
export type LibraryUpgrade = (tx: Transaction) => Promise<void>;

/**
 * The version steps that fill new tables: 2 (posting lists), 4 (descriptor jobs), 7 (term-list
 * packs), 8 (their tails), 9 (search terms moved into the item rows).
 */
export interface LibraryUpgrades {
  2?: LibraryUpgrade;
  4?: LibraryUpgrade;
  7?: LibraryUpgrade;
  8?: LibraryUpgrade;
  9?: LibraryUpgrade;
}

const none: LibraryUpgrade = async () => {};

export class LibraryDb extends Dexie {
  items!: Table<ItemRow, string>;
  files!: Table<FileRow, string>;
  thumbnails!: Table<ThumbnailRow, string>;
  comments!: Table<CommentRow, string>;
  folders!: Table<FolderRow, string>;
  tags!: Table<TagRow, string>;
  tagGroups!: Table<TagGroupRow, string>;
  smartFolders!: Table<SmartFolderRow, string>;
  postings!: Table<PostingRow | PackRow, [string, string]>;
  jobs!: Table<JobRow, string>;
  descriptorShards!: Table<DescriptorShardRow, number>;
  objects!: Table<ObjectsRow, string>;
  textShards!: Table<TextShardRow, number>;
  textSlots!: Table<TextSlotRow, string>;
  clipShards!: Table<ClipShardRow, number>;
  state!: Table<StateRow, string>;
  smartFolderCounts!: Table<SmartFolderCountRow, string>;

  constructor(name: string, options?: DexieOptions, upgrades: LibraryUpgrades = {}) {
    super(name, options);
    this.version(1).stores({
      items: 'pk, &id, *tags, *folders, *facets, ext, star, width, height, pixels, size, duration, modificationTime, btime, nameKey',
      files: 'id',
      thumbnails: 'id',
      comments: 'id, itemId',
      folders: 'id, parent',
      tags: 'name, count, lastUsedAt, starredAt',
      tagGroups: 'id, createdAt',
      smartFolders: 'id, parent',
      terms: 'pk, *terms',
      jobs: 'id, createdAt, itemId',
      state: 'key',
    });
    // Posting lists replace the multiEntry terms index for search and back the set filters.
    this.version(2).stores({ terms: 'pk', postings: '[list+fence]' }).upgrade(upgrades[2] ?? none);
    // Smart-folder imageCounts, kept instead of recomputed per request (smart-folders/count-store.ts).
    this.version(3).stores({ smartFolderCounts: 'id' });
    // AI search: visual descriptors (items that already have a thumbnail get a job to make theirs)
    // and the objects the detector found.
    this.version(4).stores({ descriptorShards: 'shard', objects: 'id, *labels' }).upgrade(upgrades[4] ?? none);
    // AI search by meaning: sentence-encoder embeddings of each item's metadata text, packed.
    this.version(5).stores({ textShards: 'shard', textSlots: 'id' });
    // A user's own CLIP model: image
    // embeddings, packed (ai-search/providers/clip-vectors.ts); filled by `clip` jobs, no upgrade step.
    this.version(6).stores({ clipShards: 'shard' });
    // Small term lists share records (postings/term-packs.ts): a batch of new items rewrites a few
    // hundred packs instead of a block per term it touches.
    this.version(7).stores({}).upgrade(upgrades[7] ?? none);
    // Packs hold term lists' tails (at most 64 keys each), big lists' blocks the rest: a batch
    // rewrites the packs and about one block per 64 new keys, however long the lists are.
    this.version(8).stores({}).upgrade(upgrades[8] ?? none);
    // Each item's search terms live in its row (ItemRow.search): a write stores one record per
    // item, not two. The step moves the terms rows there; the table is dropped.
    this.version(9).stores({ terms: null }).upgrade(upgrades[9] ?? none);
  }
}
