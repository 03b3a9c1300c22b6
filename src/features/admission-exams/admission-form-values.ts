import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { admissionAgeProblem } from '../../contract/rules/admission-ranges'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import type { UnitChoice } from '../../contract/rules/units'
import {
  ADMISSION_EXAM_FIELDS,
  ADMISSION_SECTIONS,
  type AdmissionExam,
  type AdmissionExamField,
  type AdmissionSection,
  admissionExamProblems,
  BODY_REGIONS,
  BODY_SYSTEMS,
  SUBSTANCES,
  Treatment,
} from '../../contract/schemas/admission-exams'
import type { VitalSign } from '../../contract/schemas/encounters'
import { EXPOSURE_AGENTS, type ExposureAgent } from '../../contract/schemas/occupational-exposures'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import {
  parseTypedNumber,
  parseVitalSigns,
  shownVitalSign,
  VITAL_SIGN_FIELDS,
} from '../../ui/vital-signs/vital-signs'

/**
 * The admission exam's form as it is typed (texts as typed, measures in the user's unit), the
 * steps it is filled in, and each step's values as the contract's fields — checked by the
 * contract's own section schema, so the step refuses what the server would. Pure: the form, the
 * draft kept on the device and the tests share it.
 */

type Substance = (typeof SUBSTANCES)[number]
type BodySystem = (typeof BODY_SYSTEMS)[number]
type BodyRegion = (typeof BODY_REGIONS)[number]

export const PERSONAL_FIELDS = [
  'chronic_diseases',
  'surgeries',
  'traumas',
  'allergies',
  'transfusions',
  'hospitalizations',
  'notes',
] as const
type PersonalField = (typeof PERSONAL_FIELDS)[number]

export interface FamilyEntryValues {
  relative: string
  condition: string
  /** 'yes', 'no', or '' when not known. */
  alive: string
}
export interface ConsumptionValues {
  used: boolean
  consumption: string
  times_per_week: string
  age_started: string
}
export interface ExposureValues {
  exposed: boolean
  years: string
  notes: string
}
export interface JobValues {
  company: string
  position: string
  years: string
  exposures: Record<ExposureAgent, ExposureValues>
  protective_equipment: string
}
export interface LabResultValues {
  id: string
  clinical_exam_id: string
  name: string
  result: string
  performed_on: string
}
export interface TreatmentValues {
  id: string
  medicine: string
  dose: string
  indications: string
}

export interface AdmissionFormValues {
  examined_on: string
  position: string
  family_history: { entries: FamilyEntryValues[]; notes: string }
  hygiene_housing: {
    consumptions: Record<Substance, ConsumptionValues>
    physical_activity: string
    activity_times_per_week: string
    baths_per_week: string
    housing_type: string
    housing_services: string[]
    inhabitants: string
    pets: string
    notes: string
  }
  personal_background: Record<PersonalField, string>
  work_background: { previous_jobs: JobValues[]; work_accidents: string; occupational_diseases: string }
  systems_interrogation: Record<BodySystem, string>
  physical_exploration: {
    vitals: Record<VitalSign, string>
    waist_cm: string
    hip_cm: string
    visual_acuity_right: string
    visual_acuity_left: string
  } & Record<BodyRegion, string>
  lab_results: { results: LabResultValues[]; notes: string }
  treatments: TreatmentValues[]
  result: string
  conditions: string
  observations: string
}

/** The steps of the form: the exam's data, the seven SPEC §2 sections in order, treatments, result. */
export const ADMISSION_STEPS = [
  'general',
  ...(Object.keys(ADMISSION_SECTIONS) as AdmissionSection[]),
  'treatments',
  'result',
] as const
export type AdmissionStep = (typeof ADMISSION_STEPS)[number]

export const isSection = (step: AdmissionStep): step is AdmissionSection => step in ADMISSION_SECTIONS

/** The step a field's form name belongs to (`hygiene_housing.baths_per_week` → hygiene_housing). */
export function stepOfField(name: string): AdmissionStep {
  const head = name.split('.')[0] ?? ''
  if ((ADMISSION_STEPS as readonly string[]).includes(head)) return head as AdmissionStep
  if (head === 'conditions' || head === 'observations') return 'result'
  return 'general'
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
const keyed = <K extends string, T>(keys: readonly K[], of: (key: K) => T) =>
  Object.fromEntries(keys.map((key) => [key, of(key)])) as Record<K, T>

export const emptyExposures = (): Record<ExposureAgent, ExposureValues> =>
  keyed(EXPOSURE_AGENTS, () => ({ exposed: false, years: '', notes: '' }))
export const emptyJob = (): JobValues => ({
  company: '',
  position: '',
  years: '',
  exposures: emptyExposures(),
  protective_equipment: '',
})

/** An exam as the device or the API holds it: its fields and its treatments (removed ones marked). */
export type HeldExam = Pick<AdmissionExam, AdmissionExamField> & {
  treatments: ReadonlyArray<Treatment & { deleted_at?: string | null }>
}

/** What the form starts with: a new exam today, or the exam as the device holds it. */
export function admissionFormValues(
  exam: HeldExam | null | undefined,
  units: UnitChoice,
  today: string,
): AdmissionFormValues {
  const hygiene = exam?.hygiene_housing
  const work = exam?.work_background
  const physical = exam?.physical_exploration
  return {
    examined_on: isoToDateText(exam?.examined_on ?? today),
    position: text(exam?.position),
    family_history: {
      entries: (exam?.family_history?.entries ?? []).map((entry) => ({
        relative: entry.relative,
        condition: entry.condition,
        alive: entry.alive === null ? '' : entry.alive ? 'yes' : 'no',
      })),
      notes: text(exam?.family_history?.notes),
    },
    hygiene_housing: {
      consumptions: keyed(SUBSTANCES, (substance) => {
        const held = hygiene?.consumptions.find((c) => c.substance === substance)
        return {
          used: Boolean(held),
          consumption: text(held?.consumption),
          times_per_week: text(held?.times_per_week),
          age_started: text(held?.age_started),
        }
      }),
      physical_activity: text(hygiene?.physical_activity),
      activity_times_per_week: text(hygiene?.activity_times_per_week),
      baths_per_week: text(hygiene?.baths_per_week),
      housing_type: text(hygiene?.housing_type),
      housing_services: [...(hygiene?.housing_services ?? [])],
      inhabitants: text(hygiene?.inhabitants),
      pets: text(hygiene?.pets),
      notes: text(hygiene?.notes),
    },
    personal_background: keyed(PERSONAL_FIELDS, (field) => text(exam?.personal_background?.[field])),
    work_background: {
      previous_jobs: (work?.previous_jobs ?? []).map((job) => ({
        company: job.company,
        position: job.position,
        years: text(job.years),
        exposures: keyed(EXPOSURE_AGENTS, (agent) => {
          const held = job.exposures.find((exposure) => exposure.agent === agent)
          return { exposed: Boolean(held), years: text(held?.years), notes: text(held?.notes) }
        }),
        protective_equipment: text(job.protective_equipment),
      })),
      work_accidents: text(work?.work_accidents),
      occupational_diseases: text(work?.occupational_diseases),
    },
    systems_interrogation: keyed(BODY_SYSTEMS, (system) => text(exam?.systems_interrogation?.[system])),
    physical_exploration: {
      vitals: keyed(
        VITAL_SIGN_FIELDS.map((field) => field.sign),
        (sign) => shownVitalSign(sign, units, physical?.[sign]),
      ),
      waist_cm: text(physical?.waist_cm),
      hip_cm: text(physical?.hip_cm),
      visual_acuity_right: text(physical?.visual_acuity_right),
      visual_acuity_left: text(physical?.visual_acuity_left),
      ...keyed(BODY_REGIONS, (region) => text(physical?.[region])),
    },
    lab_results: {
      results: (exam?.lab_results?.results ?? []).map((row) => ({
        id: row.id,
        clinical_exam_id: text(row.clinical_exam_id),
        name: row.name,
        result: row.result,
        performed_on: row.performed_on ? isoToDateText(row.performed_on) : '',
      })),
      notes: text(exam?.lab_results?.notes),
    },
    treatments: (exam?.treatments ?? [])
      .filter((row) => !row.deleted_at)
      .map((row) => ({
        id: row.id,
        medicine: row.medicine,
        dose: text(row.dose),
        indications: text(row.indications),
      })),
    result: text(exam?.result),
    conditions: text(exam?.conditions),
    observations: text(exam?.observations),
  }
}

/** A step's values as the contract's fields, or its errors by the form's field names. */
export type ParsedStep =
  | {
      fields: Partial<Record<AdmissionExamField, unknown>> & { treatments?: Treatment[] }
      errors?: undefined
    }
  | { fields?: undefined; errors: Record<string, string> }

/** What a step is judged with besides its own values. */
export interface StepContext {
  units: UnitChoice
  i18n: I18n
  /** The patient's birth date (`YYYY-MM-DD`), for the candidate's age on the exam's day. */
  birthDate: string | null
  /** The exam as the device holds it (a result needs every section saved). */
  exam: HeldExam | null
}

/** Typed text: empty is absent (the schema's default or its "required"), else trimmed. */
const typed = (value: string) => (value.trim() === '' ? undefined : value.trim())

/**
 * A typed number: empty is absent; anything not a number is remembered under `name` so the step
 * says "Escribe un número." there rather than the schema's "Valor no permitido".
 */
function numberOf(value: string, name: string, notNumbers: Set<string>): number | undefined {
  if (value.trim() === '') return undefined
  const number = parseTypedNumber(value)
  if (Number.isNaN(number)) {
    notNumbers.add(name)
    return undefined
  }
  return number
}

/** The raw object a section's schema checks, built from the form's texts. */
function rawSection(
  section: AdmissionSection,
  values: AdmissionFormValues,
  bad: Set<string>,
  context: StepContext,
) {
  const at = (name: string) => `${section}.${name}`
  switch (section) {
    case 'family_history':
      return {
        entries: values.family_history.entries.map((entry) => ({
          relative: entry.relative || undefined,
          condition: typed(entry.condition),
          alive: entry.alive === '' ? null : entry.alive === 'yes',
        })),
        notes: typed(values.family_history.notes),
      }
    case 'hygiene_housing': {
      const h = values.hygiene_housing
      return {
        consumptions: SUBSTANCES.filter((substance) => h.consumptions[substance].used).map((substance) => {
          const c = h.consumptions[substance]
          const name = (field: string) => at(`consumptions.${substance}.${field}`)
          return {
            substance,
            consumption: numberOf(c.consumption, name('consumption'), bad),
            times_per_week: numberOf(c.times_per_week, name('times_per_week'), bad),
            age_started: numberOf(c.age_started, name('age_started'), bad),
          }
        }),
        physical_activity: typed(h.physical_activity),
        activity_times_per_week: numberOf(h.activity_times_per_week, at('activity_times_per_week'), bad),
        baths_per_week: numberOf(h.baths_per_week, at('baths_per_week'), bad),
        housing_type: h.housing_type || undefined,
        housing_services: h.housing_services,
        inhabitants: numberOf(h.inhabitants, at('inhabitants'), bad),
        pets: typed(h.pets),
        notes: typed(h.notes),
      }
    }
    case 'personal_background':
      return keyed(PERSONAL_FIELDS, (field) => typed(values.personal_background[field]))
    case 'work_background': {
      const w = values.work_background
      return {
        previous_jobs: w.previous_jobs.map((job, index) => ({
          company: typed(job.company),
          position: typed(job.position),
          years: numberOf(job.years, at(`previous_jobs.${index}.years`), bad),
          exposures: EXPOSURE_AGENTS.filter((agent) => job.exposures[agent].exposed).map((agent) => ({
            agent,
            years: numberOf(
              job.exposures[agent].years,
              at(`previous_jobs.${index}.exposures.${agent}.years`),
              bad,
            ),
            notes: typed(job.exposures[agent].notes),
          })),
          protective_equipment: typed(job.protective_equipment),
        })),
        work_accidents: typed(w.work_accidents),
        occupational_diseases: typed(w.occupational_diseases),
      }
    }
    case 'systems_interrogation':
      return keyed(BODY_SYSTEMS, (system) => typed(values.systems_interrogation[system]))
    case 'physical_exploration': {
      const p = values.physical_exploration
      const { vitals, errors } = parseVitalSigns(p.vitals, VITAL_SIGN_FIELDS, context.units, context.i18n)
      for (const name of Object.keys(errors)) bad.add(at(name))
      return {
        // An empty sign is absent, so a required one says "required".
        ...Object.fromEntries(Object.entries(vitals).map(([sign, value]) => [sign, value ?? undefined])),
        waist_cm: numberOf(p.waist_cm, at('waist_cm'), bad),
        hip_cm: numberOf(p.hip_cm, at('hip_cm'), bad),
        visual_acuity_right: typed(p.visual_acuity_right),
        visual_acuity_left: typed(p.visual_acuity_left),
        ...keyed(BODY_REGIONS, (region) => typed(p[region])),
      }
    }
    case 'lab_results':
      return {
        results: values.lab_results.results.map((row, index) => {
          const day = row.performed_on.trim()
          if (day !== '' && !isDateText(day)) bad.add(at(`results.${index}.performed_on`))
          return {
            id: row.id,
            clinical_exam_id: row.clinical_exam_id || null,
            name: typed(row.name),
            result: typed(row.result),
            performed_on: day === '' || !isDateText(day) ? null : dateTextToIso(day),
          }
        }),
        notes: typed(values.lab_results.notes),
      }
  }
}

/**
 * The form's name of a section schema's issue: a vital sign sits under `vitals`, a consumption
 * and an exposure under their substance and agent (the form keeps one row per code).
 */
function formName(
  section: AdmissionSection,
  issue: v.BaseIssue<unknown>,
  raw: Record<string, unknown>,
): string {
  const keys = (issue.path ?? []).map((item) => String(item.key))
  if (section === 'physical_exploration' && VITAL_SIGN_FIELDS.some((field) => field.sign === keys[0]))
    return `${section}.vitals.${keys[0]}`
  if (section === 'hygiene_housing' && keys[0] === 'consumptions' && keys[1] !== undefined) {
    const rows = raw.consumptions as Array<{ substance: string }>
    const substance = rows[Number(keys[1])]?.substance
    if (substance) return [section, 'consumptions', substance, ...keys.slice(2)].join('.')
  }
  if (section === 'work_background' && keys[2] === 'exposures' && keys[3] !== undefined) {
    const jobs = raw.previous_jobs as Array<{ exposures: Array<{ agent: string }> }>
    const agent = jobs[Number(keys[1])]?.exposures[Number(keys[3])]?.agent
    if (agent) return [section, ...keys.slice(0, 3), agent, ...keys.slice(4)].join('.')
  }
  return [section, ...keys].join('.')
}

/** The fields the first step and the last one save, as the contract bounds them. */
const GeneralFields = v.object({
  examined_on: ADMISSION_EXAM_FIELDS.examined_on,
  position: ADMISSION_EXAM_FIELDS.position,
})
const ResultFields = v.object({
  result: ADMISSION_EXAM_FIELDS.result,
  conditions: ADMISSION_EXAM_FIELDS.conditions,
  observations: ADMISSION_EXAM_FIELDS.observations,
})

const pathName = (issue: v.BaseIssue<unknown>) => (issue.path ?? []).map((item) => String(item.key)).join('.')

/** The issues of a schema as the form's messages, the first per field. */
function collect(
  issues: readonly v.BaseIssue<unknown>[],
  name: (issue: v.BaseIssue<unknown>) => string,
  errors: Record<string, string>,
  i18n: I18n,
) {
  for (const issue of issues) {
    // A required number left empty is missing, not "a value not allowed".
    const missing = issue.kind === 'schema' && issue.input === undefined
    errors[name(issue)] ??= missing ? (fieldMessage('field.required', i18n) ?? '') : issueMessage(issue, i18n)
  }
}

/** One step's values as the contract's fields, checked as the server will check them. */
export function parseStep(
  step: AdmissionStep,
  values: AdmissionFormValues,
  context: StepContext,
): ParsedStep {
  const { i18n } = context
  const errors: Record<string, string> = {}
  const notNumber = i18n._(msg`Escribe un número.`)
  if (step === 'general') {
    const day = values.examined_on.trim()
    const checked = v.safeParse(GeneralFields, {
      examined_on: isDateText(day) ? dateTextToIso(day) : undefined,
      position: typed(values.position),
    })
    if (!isDateText(day)) errors.examined_on = fieldMessage('field.date', i18n) ?? ''
    else {
      const age = admissionAgeProblem(context.birthDate, dateTextToIso(day))
      if (age) errors.examined_on = fieldMessage(age, i18n) ?? ''
    }
    if (!checked.success) collect(checked.issues, pathName, errors, i18n)
    if (Object.keys(errors).length > 0 || !checked.success) return { errors }
    return { fields: checked.output }
  }
  if (isSection(step)) {
    const bad = new Set<string>()
    const raw = rawSection(step, values, bad, context) as Record<string, unknown>
    const checked = v.safeParse(ADMISSION_SECTIONS[step], raw)
    for (const name of bad)
      errors[name] = name.includes('.vitals.') ? vitalMessage(step, values, context, name) : notNumber
    if (!checked.success) collect(checked.issues, (issue) => formName(step, issue, raw), errors, i18n)
    if (Object.keys(errors).length > 0) return { errors }
    return { fields: { [step]: checked.output } }
  }
  if (step === 'treatments') {
    const rows: Treatment[] = []
    for (const [index, row] of values.treatments.entries()) {
      const checked = v.safeParse(Treatment, {
        id: row.id,
        medicine: typed(row.medicine),
        dose: typed(row.dose),
        indications: typed(row.indications),
      })
      if (checked.success) rows.push(checked.output)
      else collect(checked.issues, (issue) => `treatments.${index}.${pathName(issue)}`, errors, i18n)
    }
    if (Object.keys(errors).length > 0) return { errors }
    return { fields: { treatments: rows } }
  }
  // The result: what the exam would be with it, judged as the server judges it.
  const result = values.result || undefined
  const checked = v.safeParse(ResultFields, {
    result,
    // Conditions belong to "complies with conditions" alone: typed before another choice, dropped.
    conditions: result === 'complies_with_conditions' ? typed(values.conditions) : undefined,
    observations: typed(values.observations),
  })
  if (!result) errors.result = fieldMessage('field.required', i18n) ?? ''
  if (!checked.success) collect(checked.issues, pathName, errors, i18n)
  else
    for (const [field, key] of admissionExamProblems({ ...(context.exam ?? {}), ...checked.output }))
      errors[field] ??= fieldMessage(key, i18n) ?? ''
  if (Object.keys(errors).length > 0 || !checked.success) return { errors }
  return { fields: checked.output }
}

/** A vital sign's own message (its range in the user's unit), as `parseVitalSigns` worded it. */
function vitalMessage(
  section: AdmissionSection,
  values: AdmissionFormValues,
  context: StepContext,
  name: string,
) {
  const { errors } = parseVitalSigns(
    values.physical_exploration.vitals,
    VITAL_SIGN_FIELDS,
    context.units,
    context.i18n,
  )
  return errors[name.slice(`${section}.`.length)] ?? ''
}

/** The fields of a step that differ from the exam as the device holds it: an amendment's body. */
export function changedFields(
  exam: HeldExam,
  fields: Partial<Record<AdmissionExamField, unknown>>,
): Partial<Record<AdmissionExamField, unknown>> {
  const changes: Partial<Record<AdmissionExamField, unknown>> = {}
  for (const [name, value] of Object.entries(fields) as Array<[AdmissionExamField, unknown]>) {
    if (JSON.stringify(exam[name] ?? null) !== JSON.stringify(value ?? null)) changes[name] = value
  }
  return changes
}

/**
 * The treatments step against the exam's live treatments: the rows to add or change (by id) and
 * the ids to remove (each its own call, SPEC §7 "treatment delete").
 */
export function treatmentChanges(exam: HeldExam | null, rows: readonly Treatment[]) {
  const live = (exam?.treatments ?? []).filter((row) => !row.deleted_at)
  const upserts = rows.filter((row) => {
    const held = live.find((entry) => entry.id === row.id)
    return (
      !held ||
      held.medicine !== row.medicine ||
      (held.dose ?? null) !== row.dose ||
      (held.indications ?? null) !== row.indications
    )
  })
  const removed = live.filter((entry) => !rows.some((row) => row.id === entry.id)).map((entry) => entry.id)
  return { upserts, removed }
}

/** The steps whose part of the exam is saved on the device (a section filled, treatments, the result). */
export function savedSteps(exam: HeldExam | null): Set<AdmissionStep> {
  const done = new Set<AdmissionStep>()
  if (!exam) return done
  done.add('general')
  for (const step of ADMISSION_STEPS) if (isSection(step) && exam[step] != null) done.add(step)
  if (exam.treatments.some((row) => !row.deleted_at)) done.add('treatments')
  if (exam.result) done.add('result')
  return done
}
