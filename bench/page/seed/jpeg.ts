/** Photo-sized JPEGs drawn in the page (no files on disk): for the thumbnail and UI import rows. */

export const PHOTO_WIDTH = 2000;
export const PHOTO_HEIGHT = 1500;

/** A photo-like JPEG: a diagonal gradient, soft circles and rectangles, all varying with `seed`. */
export async function drawJpeg(seed: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(PHOTO_WIDTH, PHOTO_HEIGHT);
  const g = canvas.getContext('2d')!;
  let state = seed * 2654435761 + 1;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const colour = () => `hsl(${Math.floor(random() * 360)} ${40 + Math.floor(random() * 50)}% ${25 + Math.floor(random() * 50)}%)`;
  const gradient = g.createLinearGradient(0, 0, PHOTO_WIDTH, PHOTO_HEIGHT);
  gradient.addColorStop(0, colour());
  gradient.addColorStop(1, colour());
  g.fillStyle = gradient;
  g.fillRect(0, 0, PHOTO_WIDTH, PHOTO_HEIGHT);
  for (let i = 0; i < 40; i++) {
    g.globalAlpha = 0.3 + random() * 0.5;
    g.fillStyle = colour();
    if (i % 2) {
      g.beginPath();
      g.arc(random() * PHOTO_WIDTH, random() * PHOTO_HEIGHT, 30 + random() * 300, 0, Math.PI * 2);
      g.fill();
    } else {
      g.fillRect(random() * PHOTO_WIDTH, random() * PHOTO_HEIGHT, 40 + random() * 500, 40 + random() * 400);
    }
  }
  g.globalAlpha = 1;
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}

/** The bytes of a blob as base64 (the `base64` field of item/add). */
export function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
