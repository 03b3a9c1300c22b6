import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  AmendPeriodicExamRequest,
  CreatePeriodicExamRequest,
  PeriodicExamDueFilterQuery,
} from './periodic-exams'

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
}

const audiometry = '0193a3b0-0000-7000-8000-0000000000e1'
const exam = {
  id: '0193a3b0-0000-7000-8000-000000000001',
  examined_on: '2026-11-20',
  condition: 'compliant',
}
const row = (id: string, clinical_exam_id = audiometry) => ({ id, clinical_exam_id, result: 'Normal' })

describe('a periodic exam', () => {
  it('takes the fields with their defaults', () => {
    expect(v.parse(CreatePeriodicExamRequest, exam)).toEqual({
      ...exam,
      observations: null,
      recommendations: null,
      exposures: [],
      clinical_exams: [],
    })
  })

  it('rates the condition compliant or fails only (SPEC §4)', () => {
    expect(issuesOf(CreatePeriodicExamRequest, { ...exam, condition: 'fails' })).toEqual([])
    expect(issuesOf(CreatePeriodicExamRequest, { ...exam, condition: 'maybe' })).toEqual([
      ['condition', 'field.picklist'],
    ])
  })

  it('refuses a clinical exam of the catalogue twice', () => {
    const rows = [row('0193a3b0-0000-7000-8000-0000000000c1'), row('0193a3b0-0000-7000-8000-0000000000c2')]
    expect(issuesOf(CreatePeriodicExamRequest, { ...exam, clinical_exams: rows })).toEqual([
      ['clinical_exams', 'periodicExam.duplicateClinicalExam'],
    ])
  })

  it('holds exposure years from 1 to 100', () => {
    const exposed = (years: number) => ({ ...exam, exposures: [{ agent: 'noise', years }] })
    expect(issuesOf(CreatePeriodicExamRequest, exposed(1))).toEqual([])
    expect(issuesOf(CreatePeriodicExamRequest, exposed(100))).toEqual([])
    expect(issuesOf(CreatePeriodicExamRequest, exposed(0))).toHaveLength(1)
    expect(issuesOf(CreatePeriodicExamRequest, exposed(101))).toHaveLength(1)
  })

  it('amends only what changed, never nothing', () => {
    expect(v.parse(AmendPeriodicExamRequest, { condition: 'fails' })).toEqual({ condition: 'fails' })
    expect(issuesOf(AmendPeriodicExamRequest, {})).toEqual([[null, 'field.nothingToChange']])
  })

  it('reads the list filters from the query', () => {
    expect(v.parse(PeriodicExamDueFilterQuery, { states: 'expired,due_soon' })).toEqual({
      states: ['expired', 'due_soon'],
    })
    expect(issuesOf(PeriodicExamDueFilterQuery, { states: 'late' })).toEqual([['states.0', 'field.picklist']])
  })
})
