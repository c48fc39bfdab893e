/**
 * Which pictures get OCR (docs/decisions/ocr.md): those that look like a document or a screenshot,
 * judged by the palette the thumbnail job has just measured. A screen or a clean scan has a flat
 * background covering much of it; a photographed page, unevenly lit, spreads its paper over
 * several shades, but of grey; a colour photo has neither. A one-colour picture holds no text.
 * Ratios are percent of the thumbnail, largest first.
 */
import type { Palette } from '../storage/rows';

/** The background's least share, in percent. */
export const MIN_BACKGROUND_PERCENT = 30;

/** The most a grey picture's colours stray from grey, on average (max − min channel, 0–255). */
export const MAX_GREY_CHROMA = 16;

export function looksLikeDocument(palettes: readonly Palette[]): boolean {
  if (palettes.length < 2) return false;
  return palettes[0]!.ratio >= MIN_BACKGROUND_PERCENT || chromaOf(palettes) <= MAX_GREY_CHROMA;
}

/** How far the palette is from grey, weighted by each colour's share. */
export function chromaOf(palettes: readonly Palette[]): number {
  const total = palettes.reduce((sum, p) => sum + p.ratio, 0) || 1;
  return palettes.reduce((sum, { color, ratio }) => sum + (Math.max(...color) - Math.min(...color)) * ratio, 0) / total;
}
