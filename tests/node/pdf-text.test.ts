// A PDF's text through pdf.js (the same function the media worker calls), on PDFs written by hand
// (tests/documents/make-pdf.ts): node runs pdf.js's legacy build, browsers its modern one.
import { describe, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPdfText } from '../../src/app/media/pdf-text';
import { makePdf } from '../documents/make-pdf';

const wide = { width: 500, height: 300 };

describe('PDF text', () => {
  it.each([
    ['one sentence', [{ ...wide, lines: ['The marigold grows in Lisbon.'] }], 'The marigold grows in Lisbon.'],
    ['lines and pages', [{ ...wide, lines: ['First line (with brackets).', 'Second line.'] }, { ...wide, lines: ['Page two.'] }], 'First line (with brackets).\nSecond line.\n\nPage two.'],
    ['a page with only a picture', [{ ...wide, square: { color: '#ff0000' } }], ''],
    ['an empty page between two', [{ ...wide, lines: ['One.'] }, wide, { ...wide, lines: ['Three.'] }], 'One.\n\nThree.'],
  ])('%s', async (_name, pages, text) => {
    expect(await extractPdfText(pdfjs, makePdf(pages))).toBe(text);
  });

  it('rejects bytes that are no PDF', async () => {
    await expect(extractPdfText(pdfjs, new TextEncoder().encode('%PDF-1.4 and nothing else'))).rejects.toThrow();
  });
});
