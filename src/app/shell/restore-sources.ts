/**
 * Where an empty library can be filled back from (the first-run panel's "Restore" hint): each
 * source is one button, and the shell maps its `id` to the code that opens it.
 */
export interface RestoreSource {
  id: 'eagle-zip' | 'eagle-folder' | 'backup-folder';
  label: string;
  /** What the person picks, in their words. */
  detail: string;
}

export const RESTORE_SOURCES: readonly RestoreSource[] = [
  { id: 'eagle-zip', label: 'Import a library zip…', detail: 'a .library.zip from “Export library as zip”, here or in Eagle' },
  { id: 'backup-folder', label: 'Restore from a backup folder…', detail: 'the folder “Back up to a folder…” kept current' },
  { id: 'eagle-folder', label: 'Import a library folder…', detail: 'an Eagle library folder, or one exported to a folder' },
];
