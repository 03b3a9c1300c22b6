/**
 * The health status certificate's rules (issue 23), for its form, its mutator and the server
 * (which judges an amendment on the certificate as the amendment leaves it).
 */

/** The result a certificate states: fit for work, fit with restrictions, not fit. */
export const CERTIFICATE_RESULTS = ['fit', 'fit_with_restrictions', 'not_fit'] as const
export type CertificateResult = (typeof CERTIFICATE_RESULTS)[number]

export interface CertificateProblem {
  field: 'valid_to' | 'restrictions'
  message: 'certificate.validToBeforeFrom' | 'certificate.restrictionsRequired'
}

/**
 * Each problem of a certificate, on its field (none when it is sound). A certificate is valid from a day to a day (the same day at least); "fit with restrictions"
 * must say which restrictions, or the company cannot act on it.
 */
export function certificateProblems(fields: {
  result: CertificateResult
  restrictions: string | null
  valid_from: string
  valid_to: string
}): CertificateProblem[] {
  const problems: CertificateProblem[] = []
  if (fields.valid_to < fields.valid_from)
    problems.push({ field: 'valid_to', message: 'certificate.validToBeforeFrom' })
  if (fields.result === 'fit_with_restrictions' && !fields.restrictions?.trim()) {
    problems.push({ field: 'restrictions', message: 'certificate.restrictionsRequired' })
  }
  return problems
}
