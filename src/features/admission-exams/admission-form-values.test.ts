import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { SI_UNITS } from '../../contract/rules/units'
import { completeAdmissionSections } from '../../contract/schemas/admission-exam-example'
import { activateLanguage } from '../../i18n/language'
import {
  type AdmissionFormValues,
  admissionFormValues,
  changedFields,
  type HeldExam,
  parseStep,
  savedSteps,
  stepOfField,
  treatmentChanges,
} from './admission-form-values'

const TREATMENT = '0193a3b0-0000-7000-8000-0000000000b1'

/** A whole exam as the device holds it (every section, no result yet). */
const whole = (): HeldExam => ({
  examined_on: '2026-11-20',
  position: 'Operador',
  ...completeAdmissionSections(),
  result: null,
  conditions: null,
  observations: null,
  treatments: [{ id: TREATMENT, medicine: 'Metformina', dose: '850 mg', indications: null }],
})
const context = (exam: HeldExam | null = null, birthDate: string | null = '1990-05-01') => ({
  units: SI_UNITS,
  i18n,
  birthDate,
  exam,
})
/** The form as it shows the whole exam, changed by `change`. */
const formOf = (change: (values: AdmissionFormValues) => void = () => {}) => {
  const values = admissionFormValues(whole(), SI_UNITS, '2026-11-20')
  change(values)
  return values
}

describe('the admission exam form’s values', () => {
  beforeAll(() => activateLanguage('es'))

  it('gives back every section as stored: a shown exam parses to itself', () => {
    const sections = completeAdmissionSections()
    for (const step of Object.keys(sections) as Array<keyof typeof sections>) {
      const parsed = parseStep(step, formOf(), context(whole()))
      expect(parsed.errors).toBeUndefined()
      expect(parsed.fields).toEqual({ [step]: sections[step] })
      expect(changedFields(whole(), parsed.fields ?? {})).toEqual({})
    }
  })

  it('checks the exam’s day and the candidate’s age on it (SPEC §5: 8 to 99)', () => {
    expect(parseStep('general', formOf(), context()).fields).toEqual({
      examined_on: '2026-11-20',
      position: 'Operador',
    })
    const typo = formOf((values) => {
      values.examined_on = '2026/13/01'
    })
    expect(parseStep('general', typo, context()).errors).toEqual({
      examined_on: 'Escribe la fecha como AAAA/MM/DD.',
    })
    // Eight on the day is the youngest; seven is refused.
    expect(parseStep('general', formOf(), context(null, '2018-11-20')).errors).toBeUndefined()
    expect(parseStep('general', formOf(), context(null, '2018-11-21')).errors).toEqual({
      examined_on: 'La edad del candidato en la fecha del examen debe estar entre 8 y 99 años.',
    })
  })

  it('holds consumption, times per week and age started to SPEC §5 at their edges, under the substance', () => {
    const habits = (consumption: string, times: string, age: string) =>
      parseStep(
        'hygiene_housing',
        formOf((values) => {
          values.hygiene_housing.consumptions.tobacco = {
            used: true,
            consumption,
            times_per_week: times,
            age_started: age,
          }
        }),
        context(),
      )
    expect(habits('1', '1', '8').errors).toBeUndefined()
    expect(habits('300', '7', '99').errors).toBeUndefined()
    expect(habits('0', '8', '7').errors).toEqual({
      'hygiene_housing.consumptions.tobacco.consumption': 'Debe ser al menos 1.',
      'hygiene_housing.consumptions.tobacco.times_per_week': 'Debe ser como máximo 7.',
      'hygiene_housing.consumptions.tobacco.age_started': 'Debe ser al menos 8.',
    })
    expect(habits('301', '', 'mucho').errors).toEqual({
      'hygiene_housing.consumptions.tobacco.consumption': 'Debe ser como máximo 300.',
      'hygiene_housing.consumptions.tobacco.times_per_week': 'Este campo es obligatorio.',
      'hygiene_housing.consumptions.tobacco.age_started': 'Escribe un número.',
    })
  })

  it('keeps an exposure’s years to 1–100, under its job and agent; an unchecked agent is not kept', () => {
    const exposed = (years: string) =>
      parseStep(
        'work_background',
        formOf((values) => {
          const job = values.work_background.previous_jobs[0]
          if (!job) throw new Error('the example has a job')
          job.exposures.chemicals = { exposed: true, years, notes: 'Solventes' }
          job.exposures.dust = { exposed: false, years: '4', notes: '' }
        }),
        context(),
      )
    expect(exposed('100').fields).toMatchObject({
      work_background: {
        previous_jobs: [
          {
            exposures: [
              { agent: 'noise', years: 4, notes: '92 dB' },
              { agent: 'chemicals', years: 100, notes: 'Solventes' },
            ],
          },
        ],
      },
    })
    expect(exposed('0').errors).toEqual({
      'work_background.previous_jobs.0.exposures.chemicals.years': 'Debe ser al menos 1.',
    })
    expect(exposed('101').errors).toEqual({
      'work_background.previous_jobs.0.exposures.chemicals.years': 'Debe ser como máximo 100.',
    })
  })

  it('asks the physical exploration for its required vital signs, each under its input', () => {
    const parsed = parseStep(
      'physical_exploration',
      formOf((values) => {
        values.physical_exploration.vitals.weight_kg = ''
        values.physical_exploration.vitals.systolic = '400'
      }),
      context(),
    )
    expect(parsed.errors).toEqual({
      'physical_exploration.vitals.weight_kg': 'Este campo es obligatorio.',
      'physical_exploration.vitals.systolic': 'Debe ser como máximo 250.',
    })
  })

  it('wants the conditions of "complies with conditions" and every section before a result', () => {
    const result = (values: Partial<AdmissionFormValues>, exam: HeldExam) =>
      parseStep('result', { ...formOf(), ...values }, context(exam))
    expect(result({ result: 'complies_with_conditions', conditions: ' ' }, whole()).errors).toEqual({
      conditions: 'Escribe las condiciones con las que cumple.',
    })
    expect(
      result({ result: 'complies_with_conditions', conditions: 'Uso de protección auditiva' }, whole())
        .fields,
    ).toEqual({
      result: 'complies_with_conditions',
      conditions: 'Uso de protección auditiva',
      observations: null,
    })
    // Conditions typed before another result was chosen are not kept.
    expect(result({ result: 'complies', conditions: 'Lentes' }, whole()).fields).toMatchObject({
      result: 'complies',
      conditions: null,
    })
    expect(result({ result: '' }, whole()).errors).toEqual({ result: 'Este campo es obligatorio.' })
    expect(result({ result: 'complies' }, { ...whole(), lab_results: null }).errors).toEqual({
      lab_results: 'Completa esta sección antes de dar el resultado del examen.',
    })
  })

  it('tells the treatments to add or change from those to remove', () => {
    const added = {
      id: '0193a3b0-0000-7000-8000-0000000000b2',
      medicine: 'Losartán',
      dose: null,
      indications: null,
    }
    expect(treatmentChanges(whole(), [added])).toEqual({ upserts: [added], removed: [TREATMENT] })
    const parsed = parseStep(
      'treatments',
      formOf((values) => {
        values.treatments.push({ id: added.id, medicine: ' ', dose: '', indications: '' })
      }),
      context(),
    )
    expect(parsed.errors).toEqual({ 'treatments.1.medicine': 'Este campo es obligatorio.' })
  })

  it('marks the steps saved and finds a field’s step', () => {
    expect([...savedSteps(null)]).toEqual([])
    expect(savedSteps({ ...whole(), hygiene_housing: null }).has('hygiene_housing')).toBe(false)
    expect(savedSteps(whole()).has('treatments')).toBe(true)
    expect(stepOfField('work_background.previous_jobs.0.years')).toBe('work_background')
    expect(stepOfField('conditions')).toBe('result')
    expect(stepOfField('examined_on')).toBe('general')
  })
})
