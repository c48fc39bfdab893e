/**
 * Browser tests: the Debian photos the object-detector test reads (tests/photos/debian-photos.ts).
 * A machine that cannot fetch them still runs every other browser test; the photo test then fails
 * naming the missing file.
 */
import { ensureDebianPhotos } from './debian-photos';

export function setup(): void {
  try {
    ensureDebianPhotos();
  } catch (error) {
    console.warn(`[photos] ${error instanceof Error ? error.message : String(error)}`);
  }
}
