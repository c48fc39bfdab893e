/** pdf.js's worker code ships without types; the media worker only hands it to pdf.js (pdf-preview.ts). */
declare module 'pdfjs-dist/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
