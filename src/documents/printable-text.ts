/**
 * Text the documents' standard font can show. jsPDF's Helvetica is WinAnsi (Latin-1 and a few
 * more: € “ ” – — …); one character outside it, say "≥" or an emoji in a note, makes jsPDF write
 * the whole line as UTF-16, which that font shows as garbage. So every text an input brings is
 * made printable first: composed accents (NFC, as some keyboards type "é" as e + ´), the usual
 * clinical signs in ASCII ("≥ 38 °C" as ">= 38 °C"), and anything else as "?".
 */

/** WinAnsi's characters beyond Latin-1, which jsPDF maps to their codes itself. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

const SPELLED: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '→': '->',
  '←': '<-',
  '↑': '^',
  '↓': 'v',
  '≈': '~',
  '≠': '!=',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '′': "'",
  '″': '"',
  μ: 'µ',
  '\t': '    ',
  '\u2009': ' ',
  '\u202f': ' ',
}

/** Only Latin-1 that prints, and line breaks: nothing to change. */
const PLAIN = /^[\n\x20-\x7e\u00a0-\u00ff]*$/

export function printableText(text: string): string {
  const composed = text.normalize('NFC').replace(/\r\n?/g, '\n')
  if (PLAIN.test(composed)) return composed
  let printable = ''
  for (const char of composed) {
    const code = char.codePointAt(0) ?? 0
    if (
      char === '\n' ||
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(char)
    ) {
      printable += char
    } else {
      printable += SPELLED[char] ?? (code < 0x20 ? '' : '?')
    }
  }
  return printable
}

/**
 * The input with every text in it made printable (dates and numbers as they are). An image's
 * data URL is plain ASCII, so it passes unchanged.
 */
export function printableInput<T>(value: T): T {
  if (typeof value === 'string') return printableText(value) as T
  if (Array.isArray(value)) return value.map(printableInput) as T
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    // The same shape with its strings replaced: the object's own type still describes it.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, printableInput(item)])) as T
  }
  return value
}
