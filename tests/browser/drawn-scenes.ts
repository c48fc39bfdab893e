/**
 * Drawn test scenes for AI search (colour and layout): a two-colour gradient sky over ground, then
 * a few shapes, all chosen by a seeded generator, so every run draws the same 20 pictures. And the
 * altered copies a search must still recognise: JPEG quality 30, quarter scale, brightened,
 * centre 80% crop, mirrored.
 */
export const SCENE_WIDTH = 640;
export const SCENE_HEIGHT = 480;

/** mulberry32: small, seeded, good enough to vary pictures. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function drawScene(seed: number): OffscreenCanvas {
  const rnd = random(seed);
  const colour = () => `hsl(${Math.floor(rnd() * 360)},${30 + Math.floor(rnd() * 70)}%,${20 + Math.floor(rnd() * 60)}%)`;
  const canvas = new OffscreenCanvas(SCENE_WIDTH, SCENE_HEIGHT);
  const c = canvas.getContext('2d')!;
  const horizon = SCENE_HEIGHT * (0.3 + rnd() * 0.4);
  const sky = c.createLinearGradient(0, 0, rnd() * SCENE_WIDTH, horizon);
  sky.addColorStop(0, colour());
  sky.addColorStop(1, colour());
  c.fillStyle = sky;
  c.fillRect(0, 0, SCENE_WIDTH, horizon);
  c.fillStyle = colour();
  c.fillRect(0, horizon, SCENE_WIDTH, SCENE_HEIGHT - horizon);
  const shapes = 3 + Math.floor(rnd() * 4);
  for (let i = 0; i < shapes; i++) {
    c.fillStyle = colour();
    const x = rnd() * SCENE_WIDTH, y = rnd() * SCENE_HEIGHT, size = 40 + rnd() * 160;
    c.beginPath();
    const kind = Math.floor(rnd() * 3);
    if (kind === 0) c.arc(x, y, size / 2, 0, Math.PI * 2);
    else if (kind === 1) c.rect(x - size / 2, y - size / 3, size, (size * 2) / 3);
    else {
      c.moveTo(x, y - size / 2);
      c.lineTo(x + size / 2, y + size / 2);
      c.lineTo(x - size / 2, y + size / 2);
    }
    c.fill();
  }
  return canvas;
}

export type Alteration = 'jpeg-q30' | 'quarter-scale' | 'brightened' | 'crop-80' | 'mirrored';
export const ALTERATIONS: readonly Alteration[] = ['jpeg-q30', 'quarter-scale', 'brightened', 'crop-80', 'mirrored'];

export async function altered(scene: OffscreenCanvas, how: Alteration): Promise<Blob> {
  const { width, height } = scene;
  const jpeg = (canvas: OffscreenCanvas, quality = 0.9) => canvas.convertToBlob({ type: 'image/jpeg', quality });
  const draw = (w: number, h: number, paint: (c: OffscreenCanvasRenderingContext2D) => void) => {
    const canvas = new OffscreenCanvas(w, h);
    paint(canvas.getContext('2d')!);
    return canvas;
  };
  switch (how) {
    case 'jpeg-q30':
      return jpeg(scene, 0.3);
    case 'quarter-scale':
      return jpeg(draw(width / 4, height / 4, (c) => c.drawImage(scene, 0, 0, width / 4, height / 4)));
    case 'crop-80': {
      const w = width * 0.8, h = height * 0.8;
      return jpeg(draw(w, h, (c) => c.drawImage(scene, (width - w) / 2, (height - h) / 2, w, h, 0, 0, w, h)));
    }
    case 'mirrored':
      return jpeg(draw(width, height, (c) => {
        c.scale(-1, 1);
        c.drawImage(scene, -width, 0);
      }));
    case 'brightened': {
      const copy = draw(width, height, (c) => c.drawImage(scene, 0, 0));
      const c = copy.getContext('2d')!;
      const pixels = c.getImageData(0, 0, width, height);
      for (let i = 0; i < pixels.data.length; i += 4) for (let k = 0; k < 3; k++) pixels.data[i + k] = pixels.data[i + k]! * 1.25 + 10;
      c.putImageData(pixels, 0, 0);
      return jpeg(copy);
    }
  }
}
