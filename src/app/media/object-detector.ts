/**
 * The COCO-80 object detector (CenterNet-MobileNetV3 from @vladmandic/human, see
 * docs/decisions/ai-search-objects.md), run by TF.js on its WASM backend in the page's media
 * worker. TF.js and the model load on the first call (about 0.4 s), never with the page.
 * Input: the picture squeezed to 512×512, raw 0–255 RGB; output rows x1, y1, x2, y2, score, class.
 */
import { COLOUR_NAMES, nameOfPixel } from '../../shared/ai/colour-names';
import { COCO_LABELS } from '../../shared/ai/object-words';
import type { Detection } from '../../core/storage/rows';
import { modelUrl, tfjs, type Tf } from './tfjs-runtime';
import { tracked } from './model-states';
import { OBJECT_MODEL } from '../../shared/ai/model-names';

const SIDE = 512;
const MODEL_URL = '/models/centernet.json';
/** Detections kept before overlap removal (human's own default is 0.2). */
const MIN_SCORE = 0.2;
/** Two boxes of one label overlapping more than this are one object. */
const MAX_OVERLAP = 0.4;

type Model = { execute(input: unknown, outputs: string[]): unknown };
let loading: Promise<{ tf: Tf; model: Model }> | undefined;

function load() {
  return (loading ??= tracked(OBJECT_MODEL, (async () => {
    const { tf, converter } = await tfjs();
    const model = (await converter.loadGraphModel(modelUrl(MODEL_URL))) as unknown as Model;
    return { tf, model };
  })()).catch((error) => {
    loading = undefined;
    throw error;
  }));
}

/** Finds the objects in a decoded picture. */
export async function detectInBitmap(bitmap: ImageBitmap): Promise<Detection[]> {
  const { tf, model } = await load();
  const square = await createImageBitmap(bitmap, { resizeWidth: SIDE, resizeHeight: SIDE, resizeQuality: 'high' });
  const context = new OffscreenCanvas(SIDE, SIDE).getContext('2d')!;
  context.drawImage(square, 0, 0);
  square.close();
  const pixels = context.getImageData(0, 0, SIDE, SIDE);
  const input = tf.tidy(() => tf.expandDims(tf.cast(tf.browser.fromPixels(pixels), 'float32'), 0));
  const output = model.execute(input, ['tower_0/detections']) as import('@tensorflow/tfjs-core').Tensor;
  try {
    const rows = ((await output.array()) as number[][][])[0]!;
    return withoutOverlaps(rows.flatMap(toDetection)).map((d) => ({ ...d, colours: coloursIn(pixels.data, d.box) }));
  } finally {
    tf.dispose([input, output]);
  }
}

function toDetection([x1, y1, x2, y2, score, index]: number[]): Detection[] {
  const label = COCO_LABELS[index!];
  if (!label || !(score! >= MIN_SCORE)) return [];
  const clamp = (v: number) => Math.min(1, Math.max(0, v / SIDE));
  const [left, top, right, bottom] = [clamp(x1!), clamp(y1!), clamp(x2!), clamp(y2!)];
  return [{ label, score: Math.round(score! * 100) / 100, box: [left, top, right - left, bottom - top] }];
}

function withoutOverlaps(detections: Detection[]): Detection[] {
  const kept: Detection[] = [];
  for (const d of detections.sort((a, b) => b.score - a.score)) {
    if (!kept.some((k) => k.label === d.label && overlap(k.box, d.box) > MAX_OVERLAP)) kept.push(d);
  }
  return kept;
}

function overlap(a: Detection['box'], b: Detection['box']): number {
  const w = Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]));
  const h = Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]));
  const union = a[2] * a[3] + b[2] * b[3] - w * h;
  return union > 0 ? (w * h) / union : 0;
}

/** Shares of the named colours inside a box (every 4th pixel each way is plenty). */
function coloursIn(rgba: Uint8ClampedArray, [x, y, w, h]: Detection['box']): Record<string, number> {
  const counts = new Map<string, number>();
  let total = 0;
  const [x0, y0, x1, y1] = [x, y, x + w, y + h].map((v) => Math.round(v * SIDE));
  for (let py = y0!; py < y1!; py += 4) {
    for (let px = x0!; px < x1!; px += 4) {
      const i = (py * SIDE + px) * 4;
      const name = nameOfPixel(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
      counts.set(name, (counts.get(name) ?? 0) + 1);
      total += 1;
    }
  }
  const shares: Record<string, number> = {};
  for (const name of COLOUR_NAMES) {
    const share = total ? (counts.get(name) ?? 0) / total : 0;
    if (share >= 0.05) shares[name] = Math.round(share * 100) / 100;
  }
  return shares;
}
