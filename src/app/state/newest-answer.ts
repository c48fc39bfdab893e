/**
 * Orders the answers of a read that is repeated (a live reload and a dialog's reload of the same
 * list): each read takes a ticket when it starts, and its answer is kept only if no read started
 * after it has been kept already. An older, slower answer never replaces a newer one, and a stream
 * of reads still shows each newer answer as it comes.
 */
export class NewestAnswer {
  private issued = 0;
  private kept = 0;

  ticket(): number {
    return ++this.issued;
  }

  /** True when the answer of `ticket` may be shown (and from then on, none older). */
  keep(ticket: number): boolean {
    if (ticket < this.kept) return false;
    this.kept = ticket;
    return true;
  }
}
