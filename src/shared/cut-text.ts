/**
 * Text cut to a length in UTF-16 units, as `slice(0, max)` counts, without half of a surrogate pair:
 * a cut inside an emoji leaves a lone high surrogate, which the API refuses ("must be well-formed
 * Unicode text"), so the save of a long name or annotation failed. The result may be one unit short.
 */
export function cutText(text: string, max: number): string {
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
