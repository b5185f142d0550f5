import { extractText, getDocumentProxy } from 'unpdf';

/**
 * A PDF's pages as a reader sees them: their count, whether the first is landscape, and each page's text. Chromium
 * writes text compressed and glyph-coded (a title is not in the file's bytes), so the text is read by pdf.js.
 */
export async function readPdf(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const first = (await pdf.getPage(1)).getViewport({ scale: 1 });
  const { text } = await extractText(pdf, { mergePages: false });
  return { pages: pdf.numPages, landscape: first.width > first.height, text };
}
