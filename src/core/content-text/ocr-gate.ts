/**
 * Which pictures get OCR (docs/decisions/ocr.md): those that look like a document or a screenshot,
 * judged by the palette the thumbnail job has just measured. A page or a screen has a flat
 * background covering much of it and some ink on it; a photo spreads over many colours, and a
 * one-colour picture holds no text. Ratios are percent of the thumbnail, largest first.
 */
import type { Palette } from '../storage/rows';

/** The background's least share, in percent. */
export const MIN_BACKGROUND_PERCENT = 30;

export function looksLikeDocument(palettes: readonly Palette[]): boolean {
  return palettes.length >= 2 && palettes[0]!.ratio >= MIN_BACKGROUND_PERCENT;
}
