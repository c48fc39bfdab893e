/**
 * The work of the database's version steps that fill a new table from the rows before it. The
 * storage floor declares the tables and steps (storage/library-db.ts); the features that own the
 * new tables hand their fill-in work to it here, and createApi passes this to every database it
 * opens.
 */
import { queueDescriptorJobs } from './ai-search/descriptor-upgrade';
import { buildPostings } from './postings/build-postings';
import { frontCodeTails } from './postings/front-code-tails';
import { packTermLists } from './postings/pack-term-lists';
import { tailTermLists } from './postings/tail-term-lists';
import { refoldNameKeys } from './listing/refold-name-keys';
import { moveTermsIntoItems } from './search/terms-into-items';
import type { LibraryUpgrades } from './storage/library-db';

export const LIBRARY_UPGRADES: LibraryUpgrades = { 2: buildPostings, 4: queueDescriptorJobs, 7: packTermLists, 8: tailTermLists, 9: moveTermsIntoItems, 10: frontCodeTails, 13: refoldNameKeys };
