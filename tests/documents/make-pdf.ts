/**
 * Minimal PDFs written by hand (no system tools): each page may carry a filled square of one colour
 * and lines of text in Helvetica, so tests know what the first page shows and what its text says.
 */

export interface PdfPage {
  /** Page size in points; 200 × 200 by default. */
  width?: number;
  height?: number;
  /** A filled rectangle ('#rrggbb') covering the page but a margin of `margin` points. */
  square?: { color: string; margin?: number };
  /** Lines of text, drawn from the top left. */
  lines?: string[];
}

/** A PDF with these pages, as bytes. */
export function makePdf(pages: PdfPage[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1;
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids = pages.map((page) => {
    const width = page.width ?? 200;
    const height = page.height ?? 200;
    const content = contentOf(page, width, height);
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    return add(`<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${stream} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`);
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character written is ASCII, so string offsets are byte offsets.
  return new TextEncoder().encode(out);
}

function contentOf(page: PdfPage, width: number, height: number): string {
  const ops: string[] = [];
  if (page.square) {
    const m = page.square.margin ?? 0;
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(page.square!.color.slice(at, at + 2), 16) / 255);
    ops.push(`${r!.toFixed(3)} ${g!.toFixed(3)} ${b!.toFixed(3)} rg ${m} ${m} ${width - 2 * m} ${height - 2 * m} re f`);
  }
  (page.lines ?? []).forEach((line, i) => {
    ops.push(`0 0 0 rg BT /F1 12 Tf 10 ${height - 20 - i * 16} Td (${escape(line)}) Tj ET`);
  });
  return ops.join('\n');
}

/** Backslash, and parentheses are escaped in a PDF literal string; only ASCII is written. */
function escape(text: string): string {
  if (/[^\x20-\x7e]/.test(text)) throw new RangeError('makePdf writes ASCII text only.');
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}
