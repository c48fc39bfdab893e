/**
 * Real photos for the object-detector tests, taken from Debian packages (no npm package ships a photo
 * of a cat, a dog or a bus). Each is copied into tests/photos/debian/ (not committed) from the
 * installed package when there is one, else from the package file that `apt-get download` fetches
 * (no root needed, nothing installed). Provenance and licences: tests/photos/README.md.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PHOTO_DIR = resolve('tests/photos/debian');

interface Photo {
  /** Debian package that ships it. */
  pkg: string;
  /** Its path once installed. */
  path: string;
}

export const DEBIAN_PHOTOS: Record<string, Photo> = {
  'chelsea.png': { pkg: 'python3-skimage', path: '/usr/lib/python3/dist-packages/skimage/data/chelsea.png' },
  'astronaut.png': { pkg: 'python3-skimage', path: '/usr/lib/python3/dist-packages/skimage/data/astronaut.png' },
  'motorcycle_left.png': { pkg: 'python3-skimage', path: '/usr/lib/python3/dist-packages/skimage/data/motorcycle_left.png' },
  // The same scene from the right-hand camera of the stereo pair: a different photo, not a duplicate.
  'motorcycle_right.png': { pkg: 'python3-skimage', path: '/usr/lib/python3/dist-packages/skimage/data/motorcycle_right.png' },
  'coffee.png': { pkg: 'python3-skimage', path: '/usr/lib/python3/dist-packages/skimage/data/coffee.png' },
  // Printed text, for the OCR measurement (tests/browser/ocr-precision.test.ts).
  'page.png': { pkg: 'python3-skimage', path: '/usr/lib/python3/dist-packages/skimage/data/page.png' },
  'bw_text.png': { pkg: 'python3-skimage', path: '/usr/lib/python3/dist-packages/skimage/data/bw_text.png' },
  'labelme-cat.jpg': { pkg: 'labelme-examples', path: '/usr/share/doc/labelme-examples/examples/classification/data_annotated/0001.jpg' },
  'labelme-dog.jpg': { pkg: 'labelme-examples', path: '/usr/share/doc/labelme-examples/examples/classification/data_annotated/0002.jpg' },
  'voc-people.jpg': { pkg: 'labelme-examples', path: '/usr/share/doc/labelme-examples/examples/bbox_detection/data_annotated/2011_000003.jpg' },
  'voc-bus.jpg': { pkg: 'labelme-examples', path: '/usr/share/doc/labelme-examples/examples/bbox_detection/data_annotated/2011_000025.jpg' },
  'opencv-park.jpg': { pkg: 'opencv-doc', path: '/usr/share/doc/opencv-doc/opencv4/html/person_multi_det.jpg' },
  'gnome-puppy.jpg': { pkg: 'gnome-control-center-data', path: '/usr/share/pixmaps/faces/legacy/puppy.jpg' },
};

/** Makes sure every photo is in PHOTO_DIR; throws with what to do when a package cannot be had. */
export function ensureDebianPhotos(): void {
  mkdirSync(PHOTO_DIR, { recursive: true });
  const missing = Object.entries(DEBIAN_PHOTOS).filter(([name]) => !existsSync(join(PHOTO_DIR, name)));
  for (const [name, photo] of missing) if (existsSync(photo.path)) copyFileSync(photo.path, join(PHOTO_DIR, name));
  const stillMissing = missing.filter(([name]) => !existsSync(join(PHOTO_DIR, name)));
  for (const pkg of new Set(stillMissing.map(([, photo]) => photo.pkg))) {
    extractFromPackage(pkg, stillMissing.filter(([, photo]) => photo.pkg === pkg));
  }
}

function extractFromPackage(pkg: string, photos: [string, Photo][]): void {
  const work = mkdtempSync(join(tmpdir(), 'debian-photos-'));
  try {
    try {
      execFileSync('apt-get', ['download', pkg], { cwd: work, stdio: 'pipe' });
    } catch (error) {
      throw new Error(`The object-detector tests need photos from Debian's ${pkg}; "apt-get download ${pkg}" failed (${String(error).split('\n')[0]}). Install ${pkg}, or copy ${photos.map(([name]) => name).join(', ')} into ${PHOTO_DIR}.`);
    }
    const deb = execFileSync('sh', ['-c', 'ls *.deb'], { cwd: work, encoding: 'utf8' }).trim().split('\n')[0]!;
    const members = photos.map(([, photo]) => `.${photo.path}`);
    execFileSync('sh', ['-c', 'deb="$1"; dir="$2"; shift 2; dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir" "$@"', 'sh', deb, work, ...members], { cwd: work, stdio: 'pipe' });
    for (const [name, photo] of photos) copyFileSync(join(work, `.${photo.path}`), join(PHOTO_DIR, name));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
