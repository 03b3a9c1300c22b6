import { describe, expect, it } from 'vitest'
import { certificateProblems } from './health-certificate'

const certificate = {
  result: 'fit' as const,
  restrictions: null,
  valid_from: '2026-03-01',
  valid_to: '2026-03-31',
}

describe('a health status certificate', () => {
  it('may be valid for one day', () => {
    expect(certificateProblems({ ...certificate, valid_to: '2026-03-01' })).toEqual([])
  })

  it('names valid_to when the validity ends the day before it starts', () => {
    expect(certificateProblems({ ...certificate, valid_to: '2026-02-28' })).toEqual([
      { field: 'valid_to', message: 'certificate.validToBeforeFrom' },
    ])
  })

  it('needs the restrictions when the worker is fit with restrictions', () => {
    expect(
      certificateProblems({ ...certificate, result: 'fit_with_restrictions', restrictions: '  ' }),
    ).toEqual([{ field: 'restrictions', message: 'certificate.restrictionsRequired' }])
    expect(
      certificateProblems({
        ...certificate,
        result: 'fit_with_restrictions',
        restrictions: 'No cargar más de 10 kg',
      }),
    ).toEqual([])
  })

  it('takes no restrictions as a matter of course when the worker is fit or not fit', () => {
    expect(certificateProblems({ ...certificate, result: 'not_fit' })).toEqual([])
  })
})
