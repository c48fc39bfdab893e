/**
 * One Dexie database per library. Upgrades are numbered `version(n).stores()` steps (`STEPS`); never
 * edit a released step, add the next one. A released step's output may change only through a layout
 * function it shares with later steps, and only if every later step accepts both layouts (steps 2,
 * 7 and 8 now write the version 10 layout, which steps 8 and 10 accept as well as the older ones).
 *
 * The floor knows the tables, not the features: a step that must fill a new table from the old
 * ones (the posting lists, the descriptor jobs) gets that work handed in as `upgrades`, keyed by
 * the step's version (the features' list is src/core/library-upgrades.ts). A database opened
 * without them (tests and benchmarks opening a library the API already made) needs none.
 */
import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import { ITEM_COUNTS_KEY, type ItemCounts } from './rows';
import type {
  CommentRow,
  ContentTextRow,
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
 * packs), 8 (their tails), 9 (search terms moved into the item rows), 10 (tails front-coded),
 * 13 (names folded composed).
 */
export interface LibraryUpgrades {
  2?: LibraryUpgrade;
  4?: LibraryUpgrade;
  7?: LibraryUpgrade;
  8?: LibraryUpgrade;
  9?: LibraryUpgrade;
  10?: LibraryUpgrade;
  13?: LibraryUpgrade;
}

const none: LibraryUpgrade = async () => {};

/** One `version(n).stores()` step: the tables it adds, changes or drops (null), and its upgrade. */
interface SchemaStep {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: keyof LibraryUpgrades;
}

const STEPS: readonly SchemaStep[] = [
  {
    version: 1,
    stores: {
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
    },
  },
  // Posting lists replace the multiEntry terms index for search and back the set filters.
  { version: 2, stores: { terms: 'pk', postings: '[list+fence]' }, upgrade: 2 },
  // Smart-folder imageCounts, kept instead of recomputed per request (smart-folders/count-store.ts).
  { version: 3, stores: { smartFolderCounts: 'id' } },
  // AI search: visual descriptors (items that already have a thumbnail get a job to make theirs)
  // and the objects the detector found.
  { version: 4, stores: { descriptorShards: 'shard', objects: 'id, *labels' }, upgrade: 4 },
  // AI search by meaning: sentence-encoder embeddings of each item's metadata text, packed.
  { version: 5, stores: { textShards: 'shard', textSlots: 'id' } },
  // A user's own CLIP model: image
  // embeddings, packed (ai-search/providers/clip-vectors.ts); filled by `clip` jobs, no upgrade step.
  { version: 6, stores: { clipShards: 'shard' } },
  // Small term lists share records (postings/term-packs.ts): a batch of new items rewrites a few
  // hundred packs instead of a block per term it touches.
  { version: 7, stores: {}, upgrade: 7 },
  // Packs hold term lists' tails (at most 64 keys each), big lists' blocks the rest: a batch
  // rewrites the packs and about one block per 64 new keys, however long the lists are.
  { version: 8, stores: {}, upgrade: 8 },
  // Each item's search terms live in its row (ItemRow.search): a write stores one record per
  // item, not two. The step moves the terms rows there; the table is dropped.
  { version: 9, stores: { terms: null }, upgrade: 9 },
  // A pack holds each tail as one front-coded string, not an array of keys: the packs a batch
  // rewrites whole take about half the bytes, each tail one value to clone. The step re-codes them.
  { version: 10, stores: {}, upgrade: 10 },
  // Each original's content hash, indexed, so that an add finds the bytes the library already
  // holds. Older files get theirs on first need (items/duplicates.ts), not in the upgrade: hashing a
  // large library would hold the upgrade for minutes.
  { version: 11, stores: { files: 'id, sha256' } },
  // Text found in an item (OCR of its picture, a plain-text file's own text): one row per item,
  // filled by `contentText` jobs; older items get none until asked (no upgrade step).
  { version: 12, stores: { contentTexts: 'id' } },
  // The folded name (nameKey) is composed (NFC) too: a name stored decomposed, as macOS gives file
  // names, is found by keyword filters and smart-folder name rules typed composed. The step refolds them.
  { version: 13, stores: {}, upgrade: 13 },
];

/** The version a database has once every step ran. */
export const LIBRARY_VERSION = Math.max(...STEPS.map((step) => step.version));

/** The tables and indexes at LIBRARY_VERSION: every step's changes applied in order. */
const CURRENT_STORES: Record<string, string> = {};
for (const step of STEPS) {
  for (const [table, spec] of Object.entries(step.stores)) {
    if (spec === null) delete CURRENT_STORES[table];
    else CURRENT_STORES[table] = spec;
  }
}

/**
 * `'at-current-version'`: the database is known to be at LIBRARY_VERSION already, or not to exist
 * (the registry noted the version once an open reached it). Only the current schema is declared:
 * Dexie parses every declared version's schema and installs the table accessors once per version,
 * so the whole chain costs a cold worker several times one version. A database that is older
 * (or whose version nobody noted) needs the chain, with its upgrade steps.
 */
export type LibrarySchema = LibraryUpgrades | 'at-current-version';

export class LibraryDb extends Dexie {
  items!: Table<ItemRow, string>;
  files!: Table<FileRow, string>;
  thumbnails!: Table<ThumbnailRow, string>;
  comments!: Table<CommentRow, string>;
  contentTexts!: Table<ContentTextRow, string>;
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

  constructor(name: string, options?: DexieOptions, schema: LibrarySchema = {}) {
    // Nothing here uses liveQuery: Dexie's query cache and its observability layer would only cost
    // every write (the keys of each mutated index gathered, then broadcast to every context at commit).
    super(name, { cache: 'disabled', ...options });
    this.unuse({ stack: 'dbcore', name: 'Observability' });
    // A new database starts with its item counts, which every write then keeps (./counts.ts); an
    // older one gets them from its rows on the first read that needs them.
    this.on('populate', (tx) => {
      void tx.table<StateRow, string>('state').add({ key: ITEM_COUNTS_KEY, value: { all: 0, trashed: 0, untagged: 0, unfiled: 0 } satisfies ItemCounts });
    });
    if (schema === 'at-current-version') {
      this.version(LIBRARY_VERSION).stores(CURRENT_STORES);
      return;
    }
    for (const step of STEPS) {
      const declared = this.version(step.version).stores(step.stores);
      if (step.upgrade !== undefined) declared.upgrade(schema[step.upgrade] ?? none);
    }
  }
}
