import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { completeAdmissionSections } from './admission-exam-example'
import {
  ADMISSION_SECTIONS,
  AmendAdmissionExamRequest,
  admissionExamProblems,
  CreateAdmissionExamRequest,
  HygieneHousing,
  missingAdmissionSections,
  WorkBackground,
} from './admission-exams'

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
}

const draft = { id: '0193a3b0-0000-7000-8000-000000000001', examined_on: '2026-11-20' }
const sections = completeAdmissionSections()

describe('an admission exam draft', () => {
  it('takes any sections, nulls for the rest', () => {
    const parsed = v.parse(CreateAdmissionExamRequest, { ...draft, family_history: sections.family_history })
    expect(parsed.family_history?.entries).toHaveLength(2)
    expect(parsed.lab_results).toBeNull()
    expect(parsed.result).toBeNull()
    expect(parsed.treatments).toEqual([])
  })

  it('asks for every section once a result is set, each on its field', () => {
    expect(issuesOf(CreateAdmissionExamRequest, { ...draft, result: 'complies' })).toEqual(
      Object.keys(ADMISSION_SECTIONS).map((section) => [section, 'admissionExam.sectionRequired']),
    )
    expect(issuesOf(CreateAdmissionExamRequest, { ...draft, ...sections, result: 'complies' })).toEqual([])
  })

  it('asks for the conditions of a "complies with conditions" and refuses them otherwise', () => {
    const whole = { ...draft, ...sections }
    expect(issuesOf(CreateAdmissionExamRequest, { ...whole, result: 'complies_with_conditions' })).toEqual([
      ['conditions', 'admissionExam.conditionsRequired'],
    ])
    expect(
      issuesOf(CreateAdmissionExamRequest, {
        ...whole,
        result: 'complies_with_conditions',
        conditions: 'Uso obligatorio de protección auditiva',
      }),
    ).toEqual([])
    expect(
      issuesOf(CreateAdmissionExamRequest, { ...whole, result: 'complies', conditions: 'Algo' }),
    ).toEqual([['conditions', 'admissionExam.conditionsWithoutResult']])
  })

  it('names the sections still missing for the step form', () => {
    expect(missingAdmissionSections({ family_history: sections.family_history, lab_results: null })).toEqual([
      'hygiene_housing',
      'personal_background',
      'work_background',
      'systems_interrogation',
      'physical_exploration',
      'lab_results',
    ])
    expect(admissionExamProblems({ ...sections, result: 'does_not_comply' })).toEqual([])
  })

  it('takes an amendment of one section alone, and refuses an empty one', () => {
    expect(issuesOf(AmendAdmissionExamRequest, { lab_results: sections.lab_results })).toEqual([])
    expect(issuesOf(AmendAdmissionExamRequest, {})).toEqual([[null, 'field.nothingToChange']])
  })
})

describe('the SPEC §5 ranges of an admission exam', () => {
  const habits = (consumption: Record<string, unknown>) => ({
    ...sections.hygiene_housing,
    consumptions: [
      { substance: 'tobacco', consumption: 5, times_per_week: 3, age_started: 18, ...consumption },
    ],
  })

  it('holds consumption from 1 to 300', () => {
    expect(issuesOf(HygieneHousing, habits({ consumption: 1 }))).toEqual([])
    expect(issuesOf(HygieneHousing, habits({ consumption: 300 }))).toEqual([])
    expect(issuesOf(HygieneHousing, habits({ consumption: 0 }))).toHaveLength(1)
    expect(issuesOf(HygieneHousing, habits({ consumption: 301 }))).toHaveLength(1)
  })

  it('holds times per week from 1 to 7', () => {
    expect(issuesOf(HygieneHousing, habits({ times_per_week: 1 }))).toEqual([])
    expect(issuesOf(HygieneHousing, habits({ times_per_week: 7 }))).toEqual([])
    expect(issuesOf(HygieneHousing, habits({ times_per_week: 0 }))).toHaveLength(1)
    expect(issuesOf(HygieneHousing, habits({ times_per_week: 8 }))).toHaveLength(1)
    expect(issuesOf(HygieneHousing, { ...habits({}), baths_per_week: 8 })).toHaveLength(1)
  })

  it('holds the age a habit started from 8 to 99', () => {
    expect(issuesOf(HygieneHousing, habits({ age_started: 8 }))).toEqual([])
    expect(issuesOf(HygieneHousing, habits({ age_started: 99 }))).toEqual([])
    expect(issuesOf(HygieneHousing, habits({ age_started: 7 }))).toHaveLength(1)
    expect(issuesOf(HygieneHousing, habits({ age_started: 100 }))).toHaveLength(1)
  })

  it('holds exposure years from 1 to 100 and each agent once', () => {
    const job = sections.work_background.previous_jobs[0]
    const withExposures = (exposures: unknown[]) => ({
      ...sections.work_background,
      previous_jobs: [{ ...job, exposures }],
    })
    expect(issuesOf(WorkBackground, withExposures([{ agent: 'noise', years: 1 }]))).toEqual([])
    expect(issuesOf(WorkBackground, withExposures([{ agent: 'noise', years: 100 }]))).toEqual([])
    expect(issuesOf(WorkBackground, withExposures([{ agent: 'noise', years: 0 }]))).toHaveLength(1)
    expect(issuesOf(WorkBackground, withExposures([{ agent: 'noise', years: 101 }]))).toHaveLength(1)
    expect(
      issuesOf(
        WorkBackground,
        withExposures([
          { agent: 'dust', years: 2 },
          { agent: 'dust', years: 3 },
        ]),
      ),
    ).toEqual([['previous_jobs.0.exposures', 'exposure.duplicateAgent']])
  })

  it('holds the vital signs of the physical exploration to their ranges', () => {
    const exploration = (over: Record<string, unknown>) => ({ ...sections.physical_exploration, ...over })
    expect(issuesOf(ADMISSION_SECTIONS.physical_exploration, exploration({ systolic: 250 }))).toEqual([])
    expect(issuesOf(ADMISSION_SECTIONS.physical_exploration, exploration({ systolic: 251 }))).toHaveLength(1)
    expect(issuesOf(ADMISSION_SECTIONS.physical_exploration, exploration({ heart_rate: null }))).toHaveLength(
      1,
    )
  })
})
