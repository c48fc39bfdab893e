/**
 * CLIP's byte-pair tokenizer (OpenAI's `simple_tokenizer.py`, which Hugging Face's CLIPTokenizer
 * follows), from the two files every CLIP export ships: `vocab.json` ({token: id}) and `merges.txt`
 * (one "left right" pair per line, best first, after a "#version" line).
 *
 * Text is cleaned (NFC, curly quotes made straight, HTML entities decoded twice, white space
 * collapsed), lower-cased and split into words, numbers and punctuation runs; each piece's UTF-8
 * bytes become printable characters (GPT-2's byte ↔ character table), its last character is marked
 * `</w>`, and adjacent pairs are merged by rank until no listed pair is left. Of ftfy's `fix_text`,
 * which OpenAI's cleaning starts with, only NFC and the quotes are done: not its repair of
 * mis-decoded text (mojibake), ligatures or full-width characters.
 */

/** Words, single digits, runs of other non-space characters; CLIP's special tokens whole. */
const PIECES = /<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|\p{L}+|\p{N}|[^\s\p{L}\p{N}]+/giu;

/** GPT-2's table: every byte → a printable character (bytes that print as themselves keep their own). */
function byteCharacters(): string[] {
  const printable = (b: number) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  const out: string[] = [];
  let extra = 0;
  for (let b = 0; b < 256; b++) out[b] = String.fromCharCode(printable(b) ? b : 256 + extra++);
  return out;
}

const BYTE_CHARS = byteCharacters();
const SPECIAL = new Set(['<|startoftext|>', '<|endoftext|>']);
const utf8 = new TextEncoder();

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** ftfy's uncurl_quotes: a phone keyboard's ’ must read as the ' of "dog's". */
const straightQuotes = (text: string) => text.replace(/[\u02bc\u2018-\u201b]/g, "'").replace(/[\u201c-\u201f]/g, '"');

/** Python's html.unescape for the entities text typed into a search box carries (numeric and the common named ones). */
function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export type Vocab = Record<string, number>;

export class ClipBpe {
  private readonly ranks = new Map<string, number>();
  private readonly cache = new Map<string, string[]>();

  constructor(private readonly vocab: Vocab, merges: string) {
    let rank = 0;
    for (const line of merges.split('\n')) {
      const pair = line.trim();
      if (!pair || pair.startsWith('#version')) continue;
      const [left, right, ...rest] = pair.split(' ');
      // A merge whose result the vocabulary lacks is never used: OpenAI's file lists more merges than its vocabulary keeps.
      if (!left || !right || rest.length || vocab[left + right] === undefined) continue;
      if (!this.ranks.has(`${left} ${right}`)) this.ranks.set(`${left} ${right}`, rank++);
    }
  }

  /** The token ids of `text`, without start or end tokens. */
  encode(text: string): number[] {
    const cleaned = unescapeHtml(unescapeHtml(straightQuotes(text.normalize('NFC')))).replace(/\s+/g, ' ').trim().toLowerCase();
    const ids: number[] = [];
    for (const [piece] of cleaned.matchAll(PIECES)) {
      const special = SPECIAL.has(piece) ? this.vocab[piece] : undefined;
      if (special !== undefined) {
        ids.push(special);
        continue;
      }
      const chars = Array.from(utf8.encode(piece), (byte) => BYTE_CHARS[byte]!).join('');
      for (const token of this.merge(chars)) {
        const id = this.vocab[token];
        if (id !== undefined) ids.push(id);
      }
    }
    return ids;
  }

  /** One piece's tokens: its characters, the last marked `</w>`, merged by rank. */
  private merge(piece: string): string[] {
    const known = this.cache.get(piece);
    if (known) return known;
    let word = [...piece];
    word[word.length - 1] += '</w>';
    while (word.length > 1) {
      let best = -1;
      let bestRank = Infinity;
      for (let at = 0; at < word.length - 1; at++) {
        const rank = this.ranks.get(`${word[at]} ${word[at + 1]}`);
        if (rank !== undefined && rank < bestRank) [best, bestRank] = [at, rank];
      }
      if (best < 0) break;
      const [left, right] = [word[best]!, word[best + 1]!];
      // Every occurrence of the pair, left to right, as the reference does.
      const next: string[] = [];
      for (let at = 0; at < word.length; at++) {
        if (word[at] === left && word[at + 1] === right && at < word.length - 1) {
          next.push(left + right);
          at += 1;
        } else next.push(word[at]!);
      }
      word = next;
    }
    this.cache.set(piece, word);
    return word;
  }
}
