// A PDF's text through pdf.js (the same function the media worker calls), on PDFs written by hand
// (tests/documents/make-pdf.ts): node runs pdf.js's legacy build, browsers its modern one.
import { describe, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPdfText, textOfDocument } from '../../src/app/media/pdf-text';
import type { PDFDocumentProxy } from 'pdfjs-dist';
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

  it('cuts a long text to its limit without half an emoji (the stored text must be well-formed)', async () => {
    const page = { getTextContent: async () => ({ items: [{ str: `${'x'.repeat(9)}😀 after` }] }), cleanup: () => {} };
    const doc = { numPages: 1, getPage: async () => page } as unknown as PDFDocumentProxy;
    expect(await textOfDocument(doc, 1, 10)).toBe('x'.repeat(9));
    expect(await textOfDocument(doc, 1, 11)).toBe(`${'x'.repeat(9)}😀`);
  });
});
