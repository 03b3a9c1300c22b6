import { describe, expect, it } from 'vitest'
import { incidentReportProblem } from './incident-report'

describe('an ST-7 report', () => {
  it('may be attended the day of the accident', () => {
    expect(incidentReportProblem({ occurred_on: '2026-03-02', attended_on: '2026-03-02' })).toBeNull()
  })

  it('names attended_on when the attention is the day before the accident', () => {
    expect(incidentReportProblem({ occurred_on: '2026-03-02', attended_on: '2026-03-01' })).toEqual({
      field: 'attended_on',
      message: 'incidentReport.attentionBeforeAccident',
    })
  })
})
