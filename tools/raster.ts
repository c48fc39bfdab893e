/**
 * A tiny RGBA rasteriser for the images the build draws itself (app icons, manifest screenshots):
 * rounded rectangles and circles, anti-aliased by 4×4 supersampling, encoded with the core's PNG
 * encoder. No canvas package needed.
 */
import { encodePng } from '../src/core/images/png-encode.ts';

export type Rgb = readonly [number, number, number];

export const hex = (colour: string): Rgb => {
  const value = Number.parseInt(colour.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const SAMPLES = 4;

export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background?: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
    if (background) this.rect(0, 0, width, height, 0, background);
  }

  /** A rectangle with corners rounded by `radius` (0: square). */
  rect(x: number, y: number, w: number, h: number, radius: number, colour: Rgb): this {
    const r = Math.min(radius, w / 2, h / 2);
    const inside = (px: number, py: number) => {
      const dx = Math.max(x + r - px, 0, px - (x + w - r));
      const dy = Math.max(y + r - py, 0, py - (y + h - r));
      return dx * dx + dy * dy <= r * r;
    };
    // The cross of the two rectangles that avoid the rounded corners is solid.
    const solid = (px: number, py: number) =>
      px >= x && px + 1 <= x + w && py >= y && py + 1 <= y + h && ((px >= x + r && px + 1 <= x + w - r) || (py >= y + r && py + 1 <= y + h - r));
    return this.fill(x, y, x + w, y + h, colour, inside, solid);
  }

  circle(cx: number, cy: number, radius: number, colour: Rgb): this {
    return this.fill(cx - radius, cy - radius, cx + radius, cy + radius, colour, (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= radius * radius);
  }

  png(): Promise<Uint8Array<ArrayBuffer>> {
    return encodePng(this.width, this.height, this.pixels);
  }

  /**
   * Blends `colour` over every pixel of the box by the share of its samples `inside` accepts. Shapes
   * are convex and larger than a pixel, so a pixel whose four corners agree is wholly in or out.
   */
  private fill(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    colour: Rgb,
    inside: (x: number, y: number) => boolean,
    /** Optional quick answer: the pixel at (x, y) is wholly inside. */
    solid: (x: number, y: number) => boolean = () => false,
  ): this {
    const left = Math.max(0, Math.floor(x0));
    const right = Math.min(this.width, Math.ceil(x1));
    const top = Math.max(0, Math.floor(y0));
    const bottom = Math.min(this.height, Math.ceil(y1));
    for (let py = top; py < bottom; py++) {
      for (let px = left; px < right; px++) {
        if (solid(px, py)) {
          this.blend((py * this.width + px) * 4, colour, 1);
          continue;
        }
        const within = (x: number, y: number) => x >= x0 && x <= x1 && y >= y0 && y <= y1 && inside(x, y);
        const corners = +within(px, py) + +within(px + 1, py) + +within(px, py + 1) + +within(px + 1, py + 1);
        if (corners === 0) continue;
        if (corners === 4) {
          this.blend((py * this.width + px) * 4, colour, 1);
          continue;
        }
        let hits = 0;
        for (let sy = 0; sy < SAMPLES; sy++) {
          for (let sx = 0; sx < SAMPLES; sx++) {
            const x = px + (sx + 0.5) / SAMPLES;
            const y = py + (sy + 0.5) / SAMPLES;
            if (within(x, y)) hits++;
          }
        }
        if (hits) this.blend((py * this.width + px) * 4, colour, hits / (SAMPLES * SAMPLES));
      }
    }
    return this;
  }

  private blend(at: number, [r, g, b]: Rgb, alpha: number): void {
    const p = this.pixels;
    if (alpha === 1) {
      p.set([r, g, b, 255], at);
      return;
    }
    const under = p[at + 3]! / 255;
    const out = alpha + under * (1 - alpha);
    const mix = (top: number, bottom: number) => Math.round((top * alpha + bottom * under * (1 - alpha)) / out);
    p[at] = mix(r, p[at]!);
    p[at + 1] = mix(g, p[at + 1]!);
    p[at + 2] = mix(b, p[at + 2]!);
    p[at + 3] = Math.round(out * 255);
  }
}
