/**
 * The lines of text of a PDF our builders wrote (uncompressed, standard fonts: each
 * line a Latin-1 string shown with Tj), for tests that read what a person would read.
 */
export function pdfText(bytes: Uint8Array): string[] {
  const raw = new TextDecoder('latin1').decode(bytes)
  return [...raw.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)].map((match) =>
    (match[1] ?? '').replace(/\\([()\\])/g, '$1'),
  )
}
