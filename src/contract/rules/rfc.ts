/**
 * The RFC (tax id): 13 characters for persons, 12 for companies, ending in a check digit. Some
 * RFCs the tax authority issued carry a wrong digit, so a mismatch is a warning, never a rejection.
 */
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ'
const PERSON = /^[A-ZÑ&]{4}\d{6}[A-Z\d]{2}[A\d]$/
const COMPANY = /^[A-ZÑ&]{3}\d{6}[A-Z\d]{2}[A\d]$/
const GENERIC = new Set(['XAXX010101000', 'XEXX010101000'])

export function rfcCheckDigit(rfcWithoutDigit: string): string {
  const padded = rfcWithoutDigit.padStart(12, ' ')
  let sum = 0
  for (let i = 0; i < 12; i++) sum += CHECK_ALPHABET.indexOf(padded.charAt(i)) * (13 - i)
  const digit = 11 - (sum % 11)
  if (digit === 11) return '0'
  if (digit === 10) return 'A'
  return String(digit)
}

export interface RfcCheck {
  validFormat: boolean
  kind: 'person' | 'company' | null
  /** False is a warning to show, not a reason to refuse the RFC. */
  checkDigitMatches: boolean
}

export function checkRfc(input: string): RfcCheck {
  const rfc = input.trim().toUpperCase()
  if (GENERIC.has(rfc)) return { validFormat: true, kind: 'person', checkDigitMatches: true }
  const kind = PERSON.test(rfc) ? 'person' : COMPANY.test(rfc) ? 'company' : null
  if (!kind) return { validFormat: false, kind: null, checkDigitMatches: false }
  return { validFormat: true, kind, checkDigitMatches: rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1) }
}
