/**
 * The lines of text of a PDF our builders wrote (uncompressed, standard fonts: each
 * line a Latin-1 string shown with Tj), for tests that read what a person would read.
 */
export function pdfText(bytes: Uint8Array): string[] {
  return shownLines(new TextDecoder('latin1').decode(bytes))
}

function shownLines(raw: string): string[] {
  return [...raw.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)].map((match) =>
    (match[1] ?? '').replace(/\\([()\\])/g, '$1'),
  )
}

/**
 * The lines of each page's content, in page order: our builders write one uncompressed content
 * stream per page and, without images, no other stream, so the streams are the pages.
 */
export function pdfPageTexts(bytes: Uint8Array): string[][] {
  const raw = new TextDecoder('latin1').decode(bytes)
  return [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((match) => shownLines(match[1] ?? ''))
}
