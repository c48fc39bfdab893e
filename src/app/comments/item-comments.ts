/** The comment endpoints of one item, as the panels use them (every write goes through the API). */
import type { ApiClient } from '../api-client';
import type { Comment } from '../api-types';
import type { Rect } from './comment-kinds';

export type CommentPlace = Rect | { duration: number };

export class ItemComments {
  constructor(
    private readonly api: ApiClient,
    readonly itemId: string,
  ) {}

  list(): Promise<Comment[]> {
    return this.api.get('/item/getComments', { id: this.itemId });
  }

  add(place: CommentPlace, annotation: string): Promise<Comment> {
    return this.api.post('/item/addComment', { id: this.itemId, annotation, ...place });
  }

  update(commentId: string, change: Partial<Rect> & { annotation?: string; duration?: number }): Promise<Comment> {
    return this.api.post('/item/updateComment', { id: this.itemId, commentId, ...change });
  }

  remove(commentId: string): Promise<true> {
    return this.api.post('/item/removeComment', { id: this.itemId, commentId });
  }
}
