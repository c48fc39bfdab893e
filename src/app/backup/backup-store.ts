/**
 * The current library's backup status, shared by what shows it (the status bar, the library
 * menu). The page's backup loop (./backup-loop.ts) fills it; `now` ticks so "3 min ago" ages.
 */
import { Store } from '../state/store';
import { allowBackupFolder } from './backup-folder';
import type { BackupStatus } from './backup-api';
import { noteZipExported, setReminderDays } from './zip-reminder';

export class BackupStore extends Store {
  status: BackupStatus | null = null;
  now = Date.now();
  private runNow: (() => Promise<void>) | undefined;

  /** `libraryPath`: the current library's, whose folder the status is about. */
  constructor(readonly libraryPath: () => string | undefined = () => undefined) {
    super();
  }

  publish(status: BackupStatus | null, now = Date.now()): void {
    this.status = status;
    this.now = now;
    this.changed();
  }

  tick(now = Date.now()): void {
    this.now = now;
    this.changed();
  }

  /** Where no folder can be written: a zip was exported now. What shows the reminder reads it again. */
  zipExported(now = Date.now()): void {
    noteZipExported(now);
    this.tick(now);
  }

  /** How often to remind of a zip (0: never), for whatever shows the reminder. */
  remindEvery(days: number): void {
    setReminderDays(days);
    this.changed();
  }

  driveWith(run: (() => Promise<void>) | undefined): void {
    this.runNow = run;
  }

  /** Runs a backup now (a folder was just picked, or permission given again). */
  async backUpNow(): Promise<void> {
    await this.runNow?.();
  }

  /** Asks for the folder's permission again (in a click), then backs up. */
  async allowAgain(): Promise<void> {
    const path = this.libraryPath();
    if (path && (await allowBackupFolder(path))) await this.backUpNow();
  }
}
