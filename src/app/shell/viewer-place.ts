/**
 * Where the viewer's item sits in the listing, remembered while the listing holds it. The item can
 * leave the listing while it is shown (restored from the Trash, trashed from another tab), and the
 * item after it then sits in its place: Next goes to that place and Previous to the one before it.
 * Stepping on from the grid's focus instead skipped the item that had moved up.
 */
export class ViewerPlace {
  private at = 0;

  /** The viewer shows the item at `index`. */
  moveTo(index: number): void {
    this.at = index;
  }

  /** Where a step in `direction` goes; `found` is the item's index in the listing now, -1 once it has left. */
  step(found: number, direction: -1 | 1): number {
    if (found >= 0) {
      this.at = found;
      return found + direction;
    }
    return direction > 0 ? this.at : this.at - 1;
  }

  /** Whether a listing of `total` items goes on before and after the item. */
  ends(found: number, total: number): { hasPrevious: boolean; hasNext: boolean } {
    return { hasPrevious: this.step(found, -1) >= 0, hasNext: this.step(found, 1) < total };
  }
}
