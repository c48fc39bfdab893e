/**
 * One Dexie database per library. Upgrades are numbered `version(n).stores()` steps; never edit a
 * released step, add the next one.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
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
  TermsRow,
  ThumbnailRow,
  TextShardRow,
  TextSlotRow,
} from './rows';
import { queueDescriptorJobs } from '../ai-search/descriptor-upgrade';
import { buildPostings } from '../postings/build-postings';
import { packTermLists } from '../postings/pack-term-lists';
import type { SmartFolderCountRow } from '../smart-folders/count-store';

export class LibraryDb extends Dexie {
  items!: Table<ItemRow, string>;
  files!: Table<FileRow, string>;
  thumbnails!: Table<ThumbnailRow, string>;
  comments!: Table<CommentRow, string>;
  folders!: Table<FolderRow, string>;
  tags!: Table<TagRow, string>;
  tagGroups!: Table<TagGroupRow, string>;
  smartFolders!: Table<SmartFolderRow, string>;
  terms!: Table<TermsRow, string>;
  postings!: Table<PostingRow | PackRow, [string, string]>;
  jobs!: Table<JobRow, string>;
  descriptorShards!: Table<DescriptorShardRow, number>;
  objects!: Table<ObjectsRow, string>;
  textShards!: Table<TextShardRow, number>;
  textSlots!: Table<TextSlotRow, string>;
  clipShards!: Table<ClipShardRow, number>;
  state!: Table<StateRow, string>;
  smartFolderCounts!: Table<SmartFolderCountRow, string>;

  constructor(name: string, options?: DexieOptions) {
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
    this.version(2).stores({ terms: 'pk', postings: '[list+fence]' }).upgrade(buildPostings);
    // Smart-folder imageCounts, kept instead of recomputed per request (smart-folders/count-store.ts).
    this.version(3).stores({ smartFolderCounts: 'id' });
    // AI search: visual descriptors (items that already have a thumbnail get a job to make theirs)
    // and the objects the detector found.
    this.version(4).stores({ descriptorShards: 'shard', objects: 'id, *labels' }).upgrade(queueDescriptorJobs);
    // AI search by meaning: sentence-encoder embeddings of each item's metadata text, packed.
    this.version(5).stores({ textShards: 'shard', textSlots: 'id' });
    // A user's own CLIP model: image
    // embeddings, packed (ai-search/providers/clip-vectors.ts); filled by `clip` jobs, no upgrade step.
    this.version(6).stores({ clipShards: 'shard' });
    // Small term lists share records (postings/term-packs.ts): a batch of new items rewrites a few
    // hundred packs instead of a block per term it touches.
    this.version(7).stores({}).upgrade(packTermLists);
  }
}
