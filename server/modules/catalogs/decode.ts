const UTF8_BOM = [0xef, 0xbb, 0xbf]

/**
 * The text of an agency's file: UTF-8 with or without its byte-order mark, as INEGI and DGIS
 * publish today, or Windows-1252 as their older downloads and Excel's "CSV" save still write.
 */
export function decodeCatalogText(bytes: Uint8Array): string {
  const hasBom = UTF8_BOM.every((byte, i) => bytes[i] === byte)
  const body = hasBom ? bytes.subarray(UTF8_BOM.length) : bytes
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body)
  } catch {
    return new TextDecoder('windows-1252').decode(body)
  }
}
