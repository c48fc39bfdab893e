/**
 * Every scenario, in run order. Order matters: seeding first (the item scenarios need its
 * library), the heap right after it (before anything restarts the worker).
 * To add a row: write a module beside this one that exports a Scenario, and list it here.
 */
import type { Scenario } from '../scenario';
import { aiSearchByItemCold, aiSearchByItemWarm, aiSearchByTextWarm, descriptorRate, objectIndexRate } from './ai-search';
import { aiMeaningCold, aiMeaningFirstUse, aiMeaningWarm, textIndexRate } from './ai-meaning';
import { aiFirstMeaningSearch } from './ai-first-search';
import { ocrIndexRate } from './ocr';
import { appInfoWarm } from './app-info-warm';
import { itemDuplicates } from './duplicates';
import { appOpenCold } from './app-open-cold';
import { coldStart } from './cold-start';
import { libraryInfoHeavy, smartFolderGetHeavy } from './heavy-smart-folder';
import { eagleExport, eagleImportBytes, eagleImportItems } from './eagle-library';
import { bookmarksImport, takeoutImport } from './other-exports';
import { itemCountAll } from './item-count-all';
import { itemGetTag } from './item-get-tag';
import { itemGetTagCold } from './item-get-tag-cold';
import { itemGetTagInPage } from './item-get-tag-in-page';
import { itemQueryCold, itemQueryWarm } from './item-query';
import { miniSearchRestore } from './minisearch-restore';
import { seeding } from './seeding';
import { seedVsRawRecords } from './seed-vs-raw-records';
import { smartFolderItems, smartFolderItemsOwnFloor } from './smart-folder-items';
import { bulkTagging } from './bulk-tagging';
import { bulkEditorSummary } from './bulk-editor-summary';
import { itemGetDuringThumbnails, thumbnailRate, thumbnailsPoolVsOne } from './thumbnails';
import { workerHeap } from './worker-heap';
import { syncEditLatency, syncFirstPull } from './sync';
import { gridFirstThumbnails, gridIds, gridJumps, gridRange, gridScroll } from './grid';
import { backupIncremental } from './backup-folder';
import { bigFileImport } from './big-file';
import { uiImportItems, uiImportOneWorker, uiImportThumbnails } from './ui-import';
import { publishedFirstPaint, publishedFirstScreenBytes, publishedSearchable, publishRate } from './published-library';

export const SCENARIOS: readonly Scenario[] = [
  seeding,
  workerHeap,
  // A library of its own, removed after: seeding against the records a person sent (issue 45).
  seedVsRawRecords,
  appInfoWarm,
  coldStart,
  itemGetTag,
  itemGetTagInPage,
  itemCountAll,
  itemGetTagCold,
  ...itemQueryWarm,
  ...itemQueryCold,
  miniSearchRestore,
  smartFolderItems,
  smartFolderItemsOwnFloor,
  smartFolderGetHeavy,
  libraryInfoHeavy,
  thumbnailRate,
  itemGetDuringThumbnails,
  eagleImportItems,
  eagleImportBytes,
  eagleExport,
  bookmarksImport,
  takeoutImport,
  thumbnailsPoolVsOne,
  bulkEditorSummary,
  bulkTagging,
  aiSearchByItemWarm,
  aiSearchByItemCold,
  aiSearchByTextWarm,
  itemDuplicates,
  descriptorRate,
  objectIndexRate,
  aiMeaningWarm,
  aiMeaningCold,
  aiMeaningFirstUse,
  textIndexRate,
  aiFirstMeaningSearch,
  ocrIndexRate,
  syncFirstPull,
  syncEditLatency,
  // A published library opened in the app (needs no seeded library): switches the current library and puts the bench one back.
  publishRate,
  publishedFirstPaint,
  publishedFirstScreenBytes,
  publishedSearchable,
  // Needs no seeded library either: one 500 MB file in a library of its own.
  bigFileImport,
  // Backs the seeded library up into the origin-private file system, then 100 edited items at a time (edits annotations).
  backupIncremental,
  // Imports through the app in a frame: each switches the current library and puts the bench one back.
  uiImportItems,
  uiImportThumbnails,
  uiImportOneWorker,
  // The web app's grid last: it switches the current library to the bench library.
  gridFirstThumbnails,
  appOpenCold,
  gridScroll,
  gridJumps,
  gridIds,
  gridRange,
];
