import { noInput } from '../http/no-input';
import { route } from '../http/router';
import { addComment, listComments, removeComment, updateComment } from './comments.service';
import { addCommentInput, removeCommentInput, updateCommentInput } from './comments.schema';
import { addItems } from './item-add.service';
import { addFile } from './item-add-file.service';
import { addFileInput } from './item-add-file.schema';
import { addFiles } from './item-add-files.service';
import { addFilesInput } from './item-add-files.schema';
import { serveFile, serveThumbnail } from './item-files';
import { countAll, listItems } from './item-list.service';
import { updateItems } from './item-update.service';
import { removeItems } from './item-remove.service';
import { addInput, itemIdInput, removeItemsInput, itemIdsInput, itemListInput, itemPositionInput, selectInput, selectionPageInput, thumbnailInput, updateRequestInput } from './item.schema';
import { itemPosition, listItemIds } from './item-listing.service';
import { openItem, selectionPage, selectItems } from './selection';

export const itemRoutes = [
  route('GET', '/item/get', itemListInput, listItems),
  route('POST', '/item/get', itemListInput, listItems, { writes: false }),
  route('GET', '/item/countAll', noInput, countAll),
  route('POST', '/item/ids', itemIdsInput, listItemIds, { writes: false }),
  route('POST', '/item/position', itemPositionInput, itemPosition, { writes: false }),
  route('POST', '/item/add', addInput, addItems, { writes: true }),
  // Ours: the file is the request body (a Blob end to end), the item's fields the query string.
  route('POST', '/item/addFile', addFileInput, addFile, { writes: true, rawBody: true }),
  // Ours: several files as the parts of a multipart body, all or none (a share sheet's files).
  route('POST', '/item/addFiles', addFilesInput, addFiles, { writes: true, rawBody: true }),
  route('POST', '/item/update', updateRequestInput, updateItems, { writes: true }),
  route('POST', '/item/remove', removeItemsInput, removeItems, { writes: true }),
  route('GET', '/item/getComments', itemIdInput, (ctx, input) => listComments(ctx, input.id)),
  route('POST', '/item/addComment', addCommentInput, addComment, { writes: true }),
  route('POST', '/item/updateComment', updateCommentInput, updateComment, { writes: true }),
  route('POST', '/item/removeComment', removeCommentInput, (ctx, input) => removeComment(ctx, input.id, input.commentId), { writes: true }),
  route('GET', '/item/file', itemIdInput, (ctx, input, request) => serveFile(ctx, input.id, request)),
  route('GET', '/item/thumbnail', thumbnailInput, (ctx, input) => serveThumbnail(ctx, input.id, input.preferOriginal === true)),
  route('POST', '/item/select', selectInput, selectItems, { writes: false }),
  // Ours: the selection as item/select resolved it, a stretch at a time (bulk actions page through it).
  route('POST', '/item/selection', selectionPageInput, selectionPage, { writes: false }),
  route('POST', '/item/open', itemIdInput, (ctx, input) => openItem(ctx, input.id), { writes: false }),
];
