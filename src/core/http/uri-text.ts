/**
 * Percent-encoding that cannot throw. Stored text is well-formed (input-shape.ts refuses lone
 * surrogates), but libraries written before that check, or imported ones, may hold some; a view
 * must still answer, so a lone surrogate is encoded as U+FFFD. Decoding keeps a malformed escape
 * ("100%", "%E0%A4%A") as written instead of failing the request.
 */

const LONE_SURROGATES = /\p{Cs}/gu;

export function encodeText(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATES, '\uFFFD'));
}

export function decodeText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
