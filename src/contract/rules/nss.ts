import * as v from 'valibot'

/**
 * The IMSS social security number (NSS): 11 digits — subdelegation (2), registration year (2),
 * birth year (2), serial (4) — and a Luhn check digit over the first ten.
 */
export function nssCheckDigit(first10: string): string {
  let sum = 0
  for (let i = 0; i < 10; i++) {
    const digit = Number(first10.charAt(i))
    const weighted = i % 2 === 1 ? digit * 2 : digit
    sum += weighted > 9 ? weighted - 9 : weighted
  }
  return String((10 - (sum % 10)) % 10)
}

export function isValidNss(nss: string): boolean {
  return /^\d{11}$/.test(nss) && nssCheckDigit(nss.slice(0, 10)) === nss.charAt(10)
}

export interface NssParts {
  subdelegation: number
  registrationYear: number
  birthYear: number
  serial: number
}

export function buildNss(parts: NssParts): string {
  const two = (n: number) => String(n % 100).padStart(2, '0')
  const first10 = `${two(parts.subdelegation)}${two(parts.registrationYear)}${two(parts.birthYear)}${String(parts.serial % 10000).padStart(4, '0')}`
  return first10 + nssCheckDigit(first10)
}

/** An NSS field: digits only, 11 of them, with a correct check digit. */
export const Nss = v.pipe(
  v.string('nss.invalid'),
  v.trim(),
  v.maxLength(11, 'nss.invalid'),
  v.check(isValidNss, 'nss.invalid'),
)
