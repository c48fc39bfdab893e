/** What a failed write means to a person: the browser's error names, mapped to a reason. */
import type { BackupProblem } from './backup-names';

export function problemOf(error: unknown): BackupProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permission';
  if (name === 'NotFoundError') return 'folder-gone';
  if (name === 'QuotaExceededError') return 'disk-full';
  return 'failed';
}
