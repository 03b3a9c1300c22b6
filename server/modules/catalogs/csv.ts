/** One record of a CSV file, with the line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number
  fields: string[]
  /** A quoted field ran to the end of the file without its closing quote. */
  unterminated?: true
}

/**
 * Reads CSV as RFC 4180 writes it — commas, double quotes doubled inside quoted fields, line
 * breaks inside quotes — and as the agencies' files add to it: CRLF or LF endings and blank
 * lines, which are skipped.
 */
export function* parseCsv(text: string): Generator<CsvRecord> {
  let line = 1
  let i = 0
  const n = text.length
  while (i < n) {
    const startLine = line
    const fields: string[] = []
    let field = ''
    let unterminated = false
    let endOfRecord = false
    while (!endOfRecord) {
      if (text[i] === '"') {
        i++
        let closed = false
        while (i < n) {
          const c = text[i]
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"'
              i += 2
              continue
            }
            i++
            closed = true
            break
          }
          if (c === '\n') line++
          field += c
          i++
        }
        if (!closed) unterminated = true
      }
      // Unquoted text, or what follows a closing quote up to the next separator.
      let j = i
      while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++
      field += text.slice(i, j)
      i = j
      fields.push(field)
      field = ''
      if (i >= n) endOfRecord = true
      else if (text[i] === ',') i++
      else {
        if (text[i] === '\r' && text[i + 1] === '\n') i++
        i++
        line++
        endOfRecord = true
      }
    }
    const blank = fields.length === 1 && fields[0] === ''
    if (!blank)
      yield unterminated ? { line: startLine, fields, unterminated: true } : { line: startLine, fields }
  }
}
