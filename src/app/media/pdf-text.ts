/**
 * A PDF's text from pdf.js (getTextContent), page after page: a line break where pdf.js saw the end
 * of a line, a blank line between pages. Takes the pdf.js module as an argument, so the media
 * worker passes the one it loaded on first use and node tests pass pdf.js's legacy build.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { cutText } from '../../shared/cut-text';

type PdfJs = Pick<typeof import('pdfjs-dist'), 'getDocument'>;

/** Pages read at most: the text of a long document's start is what people search for. */
export const MAX_TEXT_PAGES = 100;
/** Characters kept at most (the search index keeps words, not books). */
export const MAX_TEXT_CHARS = 200_000;

/** The text of a loaded document. */
export async function textOfDocument(doc: PDFDocumentProxy, maxPages = MAX_TEXT_PAGES, maxChars = MAX_TEXT_CHARS): Promise<string> {
  const pages: string[] = [];
  let length = 0;
  for (let number = 1; number <= Math.min(doc.numPages, maxPages) && length < maxChars; number++) {
    const page = await doc.getPage(number);
    try {
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      text = text.replace(/[ \t]+\n/g, '\n').trim();
      pages.push(text);
      length += text.length;
    } finally {
      page.cleanup();
    }
  }
  return cutText(pages.filter(Boolean).join('\n\n'), maxChars);
}

/** The text of a PDF's bytes; rejects when pdf.js cannot read them. */
export async function extractPdfText(pdfjs: PdfJs, bytes: Uint8Array): Promise<string> {
  const doc = await pdfjs.getDocument({ data: bytes, verbosity: 0 }).promise;
  try {
    return await textOfDocument(doc);
  } finally {
    await doc.destroy();
  }
}
