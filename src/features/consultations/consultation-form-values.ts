import type { I18n } from '@lingui/core'
import * as v from 'valibot'
import { dateTimeOfInstant, instantOfDateTime } from '../../contract/rules/date-time'
import { isDateText } from '../../contract/rules/formats'
import type { UnitChoice } from '../../contract/rules/units'
import { CreateEncounterRequest, type Diagnosis, type VitalSign } from '../../contract/schemas/encounters'
import type { LocalEncounter } from '../../db/local-db'
import type { NewEncounter } from '../../sync/encounter-mutators'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { parseVitalSigns, shownVitalSign, VITAL_SIGN_FIELDS } from '../../ui/vital-signs/vital-signs'

/** What the consultation form holds while it is filled in: the texts as typed, measures in the user's unit. */
export interface ConsultationFormValues {
  type: string
  date: string
  time: string
  modality: string
  call_duration: string
  reason_id: string
  vitals: Record<VitalSign, string>
  diagnoses: Diagnosis[]
  subjective: string
  objective: string
  analysis: string
  plan: string
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** What the form starts with: a new consultation now, or the one being amended. */
export function consultationFormValues(
  encounter: LocalEncounter | undefined,
  units: UnitChoice,
  now: Date,
): ConsultationFormValues {
  const { date, time } = dateTimeOfInstant(encounter?.started_at ?? now.toISOString())
  const vitals = Object.fromEntries(
    VITAL_SIGN_FIELDS.map(({ sign }) => [sign, shownVitalSign(sign, units, encounter?.[sign])]),
  ) as Record<VitalSign, string>
  return {
    type: text(encounter?.type) || 'initial',
    date,
    time,
    modality: text(encounter?.modality) || 'on_site',
    call_duration: text(encounter?.call_duration),
    reason_id: text(encounter?.reason_id),
    vitals,
    diagnoses: (encounter?.diagnoses ?? []).map((diagnosis) => ({ ...diagnosis })),
    subjective: text(encounter?.subjective),
    objective: text(encounter?.objective),
    analysis: text(encounter?.analysis),
    plan: text(encounter?.plan),
  }
}

export type ParsedConsultation =
  | { fields: NewEncounter; errors?: undefined }
  | { fields?: undefined; errors: Record<string, string> }

/** Where the form shows a contract issue: the vital sign's own input, the date for the instant. */
function formPath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key))
  const [head] = keys
  if (VITAL_SIGN_FIELDS.some((field) => field.sign === head)) return `vitals.${head}`
  if (head === 'started_at') return 'date'
  return keys.join('.')
}

/**
 * The form's texts as the contract's fields (SI units, the instant of the date and time), checked
 * by the contract's own create schema so the device refuses what the server would. A measure is
 * checked in the user's unit first, so its message names the range as they typed it. When amending,
 * a measure left as shown keeps its stored value (a weight shown in lb, saved untouched, must not
 * come back as a slightly different kg: an amendment of nothing).
 */
export function parseConsultationForm(
  patientId: string,
  values: ConsultationFormValues,
  units: UnitChoice,
  i18n: I18n,
  original?: { encounter: LocalEncounter; values: ConsultationFormValues },
): ParsedConsultation {
  const { vitals, errors } = parseVitalSigns(values.vitals, VITAL_SIGN_FIELDS, units, i18n, (sign) =>
    original && values.vitals[sign].trim() === original.values.vitals[sign]
      ? ((original.encounter[sign] as number | null | undefined) ?? null)
      : undefined,
  )
  // An unchosen select is a missing answer, not a value the contract refuses.
  const required = fieldMessage('field.required', i18n) ?? ''
  if (values.reason_id === '') errors.reason_id = required
  for (const [index, diagnosis] of values.diagnoses.entries()) {
    if (diagnosis.affected_system_id === '') errors[`diagnoses.${index}.affected_system_id`] = required
  }
  if (!isDateText(values.date.trim())) errors.date = fieldMessage('field.date', i18n) ?? ''
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time.trim()))
    errors.time = fieldMessage('field.time', i18n) ?? ''
  const startedAt =
    original && values.date === original.values.date && values.time === original.values.time
      ? original.encounter.started_at
      : instantOfDateTime(values.date, values.time)
  const orNull = (typed: string) => (typed.trim() === '' ? null : typed)
  const fields = {
    patient_id: patientId,
    type: values.type,
    started_at: startedAt ?? '',
    modality: values.modality,
    // An on-site consultation has no call: a duration typed before switching is not kept.
    call_duration: values.modality === 'remote' ? orNull(values.call_duration) : null,
    reason_id: values.reason_id,
    ...vitals,
    diagnoses: values.diagnoses,
    subjective: orNull(values.subjective),
    objective: orNull(values.objective),
    analysis: orNull(values.analysis),
    plan: orNull(values.plan),
  }
  // The contract's schema, with an id of its shape: the mutator makes the real one.
  const checked = v.safeParse(CreateEncounterRequest, {
    ...fields,
    id: '00000000-0000-7000-8000-000000000000',
  })
  if (!checked.success) {
    for (const issue of checked.issues) {
      const path = formPath(issue)
      if (path.startsWith('vitals.') && errors[path]) continue
      errors[path] ??= issueMessage(issue, i18n)
    }
  }
  if (!startedAt && !errors.date && !errors.time) errors.date = fieldMessage('field.date', i18n) ?? ''
  if (Object.keys(errors).length > 0) return { errors }
  return { fields: fields as NewEncounter }
}

/** The fields of `fields` that differ from the consultation as the device holds it: an amendment's body. */
export function changedFields(encounter: LocalEncounter, fields: NewEncounter): Record<string, unknown> {
  const changes: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'patient_id') continue
    const before = encounter[name] ?? null
    if (JSON.stringify(before) !== JSON.stringify(value ?? null)) changes[name] = value
  }
  return changes
}
