/**
 * A tolerant tokenizer for the Netscape bookmark file: the markup is not well-formed (no `</DT>`,
 * stray `<p>`), and the service worker has no DOMParser. Tags, their attributes and the text between
 * them, entities decoded; comments and declarations are skipped.
 */
export type HtmlToken =
  | { type: 'open'; name: string; attrs: Record<string, string> }
  | { type: 'close'; name: string }
  | { type: 'text'; text: string };

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

/** `&amp;`, `&#39;`, `&#x27;` and the few named entities exporters write; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function attributesOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) attrs[match[1]!.toUpperCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  return attrs;
}

export function* htmlTokens(html: string): Generator<HtmlToken> {
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    const textEnd = lt === -1 ? html.length : lt;
    if (textEnd > at) {
      const text = decodeEntities(html.slice(at, textEnd));
      if (text.trim()) yield { type: 'text', text };
    }
    if (lt === -1) return;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt === -1) return;
    const inner = html.slice(lt + 1, gt);
    at = gt + 1;
    const tag = /^(\/?)([a-z][a-z0-9]*)\b([\s\S]*)$/i.exec(inner);
    // "<!DOCTYPE …>", "<?xml …>" and a lone "<" in text are not tags.
    if (!tag) continue;
    const name = tag[2]!.toUpperCase();
    yield tag[1] ? { type: 'close', name } : { type: 'open', name, attrs: attributesOf(tag[3]!) };
  }
}
