/**
 * One writer at a time: a lease in the backup's database that expires, so a tab or worker that
 * died mid-backup blocks the next one for at most LEASE_MS. Each page of work renews it; a writer
 * that finds it taken by another stops before writing more.
 */
import type { BackupDb, BackupLease } from './backup-db';

export const LEASE_MS = 60_000;

/** Takes or renews the lease for `owner`; false while another holds it. */
export async function takeLease(db: BackupDb, owner: string, now: number): Promise<boolean> {
  return db.transaction('rw', db.state, async () => {
    const held = (await db.state.get('lease'))?.value as BackupLease | undefined;
    if (held && held.owner !== owner && held.expiresAt > now) return false;
    await db.state.put({ key: 'lease', value: { owner, expiresAt: now + LEASE_MS } satisfies BackupLease });
    return true;
  });
}

export async function releaseLease(db: BackupDb, owner: string): Promise<void> {
  await db.transaction('rw', db.state, async () => {
    const held = (await db.state.get('lease'))?.value as BackupLease | undefined;
    if (held?.owner === owner) await db.state.delete('lease');
  });
}

export async function leaseHeld(db: BackupDb, now: number): Promise<boolean> {
  const held = (await db.state.get('lease'))?.value as BackupLease | undefined;
  return !!held && held.expiresAt > now;
}
