/** Browser tests: the Debian photos the object-detector test reads (tests/photos/debian-photos.ts). */
import { ensureDebianPhotos } from './debian-photos';

export function setup(): void {
  ensureDebianPhotos();
}
