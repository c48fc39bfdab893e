/**
 * Pictures of printed text drawn with OffscreenCanvas for the OCR tests: a page of dark text on
 * white, the same turned a quarter, and a low-contrast screenshot (grey on grey).
 */
export interface TextPicture {
  lines: string[];
  /** Clockwise quarter turns of the finished picture. */
  turns?: 0 | 1;
  background?: string;
  ink?: string;
}

export function drawText({ lines, turns = 0, background = '#ffffff', ink = '#111111' }: TextPicture): OffscreenCanvas {
  const [width, height, size] = [560, 60 + lines.length * 44, 30];
  const page = new OffscreenCanvas(width, height);
  const context = page.getContext('2d')!;
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  context.fillStyle = ink;
  context.font = `${size}px sans-serif`;
  context.textBaseline = 'top';
  lines.forEach((line, i) => context.fillText(line, 24, 30 + i * 44));
  if (!turns) return page;
  const turned = new OffscreenCanvas(height, width);
  const t = turned.getContext('2d')!;
  t.translate(height, 0);
  t.rotate(Math.PI / 2);
  t.drawImage(page, 0, 0);
  return turned;
}

export async function pngOf(canvas: OffscreenCanvas): Promise<Blob> {
  return canvas.convertToBlob({ type: 'image/png' });
}
