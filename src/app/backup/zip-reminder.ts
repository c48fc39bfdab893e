/**
 * Where the browser cannot write to a folder (Firefox, Safari), the backup is a zip a person
 * exports by hand: this remembers how often they want to be reminded and when they last exported
 * (localStorage: a per-device habit, not library data), and says when the reminder is due.
 */
const EVERY_KEY = 'backup-zip-reminder-days';
const LAST_KEY = 'backup-zip-last';
const DAY = 24 * 60 * 60 * 1000;

export const REMINDER_CHOICES = [0, 1, 7, 30] as const;

export const reminderDays = (): number => Number(localStorage.getItem(EVERY_KEY) ?? 7) || 0;

export const setReminderDays = (days: number) => localStorage.setItem(EVERY_KEY, String(days));

export const noteZipExported = (now = Date.now()) => localStorage.setItem(LAST_KEY, String(now));

export const lastZipExport = (): number => Number(localStorage.getItem(LAST_KEY) ?? 0);

/** "Export a zip: last one 9 days ago" when the reminder is due, else undefined. */
export function zipReminder(now: number, days = reminderDays(), last = lastZipExport()): string | undefined {
  if (!days || now - last < days * DAY) return undefined;
  return last ? `Export a zip: the last was ${Math.floor((now - last) / DAY)} days ago` : 'Export a zip: none yet on this device';
}
