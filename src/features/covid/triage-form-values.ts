import type { I18n } from '@lingui/core'
import * as v from 'valibot'
import { instantOfDateTime } from '../../contract/rules/date-time'
import { dateTextToIso, isDateText } from '../../contract/rules/formats'
import type { TriageClassification, TriageResult } from '../../contract/rules/triage-classification'
import type { UnitChoice } from '../../contract/rules/units'
import { CreateTriageConsultationRequest, triageOf } from '../../contract/schemas/covid'
import type { VitalSign } from '../../contract/schemas/encounters'
import type { NewTriageConsultation } from '../../sync/covid-mutators'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { parseVitalSigns, VITAL_SIGN_FIELDS, type VitalSignField } from '../../ui/vital-signs/vital-signs'

/** The vital signs a triage takes, in the order they are taken (NEWS2's first). */
export const TRIAGE_SIGNS: readonly VitalSignField[] = (
  [
    'respiratory_rate',
    'oximetry',
    'temperature_c',
    'systolic',
    'diastolic',
    'heart_rate',
    'weight_kg',
    'height_m',
  ] as const
).map((sign) => VITAL_SIGN_FIELDS.find((field) => field.sign === sign) as VitalSignField)

/** A yes / no / not asked answer, as a select holds it. */
export type Answer = '' | 'yes' | 'no'

/** What the triage form holds while it is filled in: texts as typed, measures in the user's unit. */
export interface TriageFormValues {
  date: string
  time: string
  status: string
  covid_case: string
  advancement: string
  ruled_out_reason: string
  symptoms: string[]
  other_symptoms: string[]
  first_symptom_date: string
  shortness_of_breath: Answer
  cough_severity: string
  vitals: Partial<Record<VitalSign, string>>
  supplemental_oxygen: string
  consciousness: string
  chronic_degenerative_diseases: string[]
  immunocompromises: string[]
  pregnancy: Answer
  recontagion: Answer
  vaccinated: Answer
  quarantine_start_date: string
  quarantine_end_date: string
  notes: string
  /** The professional's choice; empty follows the proposal. */
  classification: string
  override_reason: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A new triage now, the patient breathing room air and alert until the nurse says otherwise. */
export function emptyTriageForm(now: Date): TriageFormValues {
  return {
    date: `${now.getFullYear()}/${pad(now.getMonth() + 1)}/${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    status: 'observation',
    covid_case: '',
    advancement: '',
    ruled_out_reason: '',
    symptoms: [],
    other_symptoms: [],
    first_symptom_date: '',
    shortness_of_breath: '',
    cough_severity: '',
    vitals: Object.fromEntries(TRIAGE_SIGNS.map(({ sign }) => [sign, ''])),
    supplemental_oxygen: 'room-air',
    consciousness: 'alert',
    chronic_degenerative_diseases: [],
    immunocompromises: [],
    pregnancy: '',
    recontagion: '',
    vaccinated: '',
    quarantine_start_date: '',
    quarantine_end_date: '',
    notes: '',
    classification: '',
    override_reason: '',
  }
}

const orNull = (typed: string) => (typed.trim() === '' ? null : typed.trim())
const answerOf = (answer: Answer) => (answer === '' ? null : answer === 'yes')
const dayOf = (typed: string) => (typed.trim() === '' ? null : dateTextToIso(typed.trim()))

/** The form's values as the contract's fields, before any check (the vital signs as parsed). */
function fieldsOf(
  patientId: string,
  values: TriageFormValues,
  vitals: Partial<Record<VitalSign, number | null>>,
  proposal: TriageClassification,
): NewTriageConsultation {
  return {
    patient_id: patientId,
    consulted_at: instantOfDateTime(values.date, values.time) ?? '',
    status: values.status as NewTriageConsultation['status'],
    covid_case: orNull(values.covid_case),
    advancement: orNull(values.advancement),
    ruled_out_reason: values.covid_case === 'ruled-out' ? orNull(values.ruled_out_reason) : null,
    symptoms: values.symptoms,
    other_symptoms: values.other_symptoms,
    first_symptom_date: dayOf(values.first_symptom_date),
    shortness_of_breath: answerOf(values.shortness_of_breath),
    cough_severity: (orNull(values.cough_severity) as NewTriageConsultation['cough_severity']) ?? null,
    ...vitals,
    supplemental_oxygen:
      (orNull(values.supplemental_oxygen) as NewTriageConsultation['supplemental_oxygen']) ?? null,
    consciousness: (orNull(values.consciousness) as NewTriageConsultation['consciousness']) ?? null,
    chronic_degenerative_diseases: values.chronic_degenerative_diseases,
    immunocompromises: values.immunocompromises,
    pregnancy: answerOf(values.pregnancy),
    recontagion: answerOf(values.recontagion),
    vaccinated: answerOf(values.vaccinated),
    quarantine_start_date: dayOf(values.quarantine_start_date),
    quarantine_end_date: dayOf(values.quarantine_end_date),
    notes: orNull(values.notes),
    classification: (values.classification || proposal) as TriageClassification,
    override_reason: orNull(values.override_reason),
  }
}

/**
 * The rule's proposal for what the form holds now, shown live: the values typed so far that are
 * numbers in range count, the others as not taken (the rule lists them as missing).
 */
export function liveProposal(
  values: TriageFormValues,
  units: UnitChoice,
  i18n: I18n,
  birthDate: string | null,
  now: Date,
): TriageResult {
  const { vitals, errors } = parseVitalSigns(values.vitals, TRIAGE_SIGNS, units, i18n)
  const number = (sign: VitalSign) => (errors[`vitals.${sign}`] ? null : (vitals[sign] ?? null))
  const fields = fieldsOf('', values, vitals, 'low')
  return triageOf(
    {
      respiratory_rate: number('respiratory_rate'),
      oximetry: number('oximetry'),
      temperature_c: number('temperature_c'),
      systolic: number('systolic'),
      heart_rate: number('heart_rate'),
      supplemental_oxygen: fields.supplemental_oxygen ?? null,
      consciousness: fields.consciousness ?? null,
      chronic_degenerative_diseases: fields.chronic_degenerative_diseases ?? [],
      immunocompromises: fields.immunocompromises ?? [],
      pregnancy: fields.pregnancy ?? null,
      consulted_at: fields.consulted_at || now.toISOString(),
    },
    birthDate,
  )
}

export type ParsedTriage =
  | { fields: NewTriageConsultation; errors?: undefined }
  | { fields?: undefined; errors: Record<string, string> }

/** Where the form shows a contract issue: a vital sign's own input, the date for the instant. */
function formPath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key))
  const [head] = keys
  if (TRIAGE_SIGNS.some((field) => field.sign === head)) return `vitals.${head}`
  if (head === 'consulted_at') return 'date'
  return keys.join('.')
}

/**
 * The form's texts as the contract's fields, checked by the contract's own create schema (with the
 * rule's proposal, which the mutator computes again), so the device refuses what the server would.
 */
export function parseTriageForm(
  patientId: string,
  values: TriageFormValues,
  units: UnitChoice,
  i18n: I18n,
  proposal: TriageClassification,
): ParsedTriage {
  const { vitals, errors } = parseVitalSigns(values.vitals, TRIAGE_SIGNS, units, i18n)
  if (!isDateText(values.date.trim())) errors.date = fieldMessage('field.date', i18n) ?? ''
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time.trim()))
    errors.time = fieldMessage('field.time', i18n) ?? ''
  for (const name of ['first_symptom_date', 'quarantine_start_date', 'quarantine_end_date'] as const) {
    const typed = values[name].trim()
    if (typed !== '' && !isDateText(typed)) errors[name] = fieldMessage('field.date', i18n) ?? ''
  }
  const fields = fieldsOf(patientId, values, vitals, proposal)
  const { patient_id: _patient, ...body } = fields
  const checked = v.safeParse(CreateTriageConsultationRequest, {
    ...body,
    id: '00000000-0000-7000-8000-000000000000',
    proposed_classification: proposal,
  })
  if (!checked.success) {
    for (const issue of checked.issues) {
      const path = formPath(issue)
      errors[path] ??= issueMessage(issue, i18n)
    }
  }
  if (Object.keys(errors).length > 0) return { errors }
  return { fields }
}
