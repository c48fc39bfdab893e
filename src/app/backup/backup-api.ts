/** The backup's API calls (POST/GET library/backup), in one place for the typed client. */
import { ApiClient } from '../api-client';
import type { BackupAnswer, BackupStatus } from '../../core/backup/backup-status';

export type { BackupAnswer, BackupStatus };

export const readBackupStatus = (library?: string): Promise<BackupStatus> => new ApiClient({ library }).get('/library/backup');

/** One run, or one slice of `maxItems` items (status `partial`: call again). */
export const runBackupSlice = (maxItems?: number, library?: string): Promise<BackupAnswer> => new ApiClient({ library }).post('/library/backup', maxItems ? { maxItems } : {});
