/** The backup's API calls (POST/GET library/backup), in one place for the typed client. */
import { ApiClient } from '../api-client';
import type { BackupAnswer, BackupStatus } from '../../core/backup/backup-status';

export type { BackupAnswer, BackupStatus };

export const readBackupStatus = (library?: string) => new ApiClient({ library }).get<BackupStatus>('/library/backup');

/** One run, or one slice of `maxItems` items (status `partial`: call again). */
export const runBackupSlice = (maxItems?: number, library?: string) => new ApiClient({ library }).post<BackupAnswer>('/library/backup', maxItems ? { maxItems } : {});
