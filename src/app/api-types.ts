/**
 * The shapes the API answers, for the web app. Type-only re-exports of the core's views, so the app and the
 * API can never disagree on a field; the app still reaches the library only through /api/v2 (api-client.ts).
 */
export type { ItemView as Item, ItemField } from '../core/listing/item-view';
export type { CommentView as Comment } from '../core/items/comments.service';
export type { SyncStatus } from '../core/sync/sync-state';
export type { PublishedLoad } from '../core/publish/subscription-state';
export type { SyncCheck } from '../core/sync/probe-server';
export type { FolderView as Folder } from '../core/folders/folder-view';
export type { TagView as Tag } from '../core/tags/tag-view';
export type { TagGroupView as TagGroup } from '../core/tag-groups/tag-group-view';
export type { SmartFolderView as SmartFolder } from '../core/smart-folders/smart-folder-view';
export type { Page } from '../core/http/pagination';
