import type { I18n } from '@lingui/core'
import * as v from 'valibot'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import type { AccidentKind, ProbableQualification } from '../../contract/rules/incident-report'
import {
  CreateIncidentReportRequest,
  type EmployerPart,
  INCIDENT_REPORT_FIELDS,
  type IncidentReport,
  type IncidentReportField,
  type WorkerPart,
} from '../../contract/schemas/incident-reports'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'

/**
 * The ST-7's form as typed (strings, dates as YYYY/MM/DD, SPEC §9) and its way to the contract's
 * fields: checked by the contract's own create schema, so the device refuses what the server
 * would, with each message on the form's field.
 */

/** The IMSS form's five parts, one step each. */
export const INCIDENT_REPORT_STEPS = ['employer', 'worker', 'accident', 'attention', 'qualification'] as const
export type IncidentReportStep = (typeof INCIDENT_REPORT_STEPS)[number]

export interface IncidentReportFormValues {
  employer: { business_name: string; employer_registration: string; address: string }
  worker: {
    name: string
    nss: string
    curp: string
    occupation: string
    shift: string
    hire_date: string
  }
  accident_kind: AccidentKind | ''
  occurred_on: string
  occurred_at: string
  place: string
  activity: string
  description: string
  witnesses: string
  attended_on: string
  attended_at: string
  diagnosis_code: string
  diagnosis_name: string
  injuries: string
  body_part: string
  treatment: string
  /** '' when the first attention issued no disability. */
  disability_id: string
  probable_qualification: ProbableQualification | ''
  observations: string
}

const ATTENTION_FIELDS = [
  'attended_on',
  'attended_at',
  'diagnosis_code',
  'diagnosis_name',
  'injuries',
  'body_part',
  'treatment',
  'disability_id',
]

/** The step a form field (or a contract field) is on. */
export function stepOfField(name: string): IncidentReportStep {
  const field = name.split('.')[0] ?? name
  if (field === 'employer') return 'employer'
  if (field === 'worker') return 'worker'
  if (ATTENTION_FIELDS.includes(field)) return 'attention'
  if (field === 'probable_qualification' || field === 'observations') return 'qualification'
  return 'accident'
}

const orEmpty = (value: string | null | undefined) => value ?? ''

const partsOf = (employer: EmployerPart, worker: WorkerPart) => ({
  employer: { ...employer },
  worker: {
    name: worker.name,
    nss: orEmpty(worker.nss),
    curp: orEmpty(worker.curp),
    occupation: orEmpty(worker.occupation),
    shift: orEmpty(worker.shift),
    hire_date: worker.hire_date ? isoToDateText(worker.hire_date) : '',
  },
})

/**
 * A new report's form: the employer's and worker's parts as the prefill gives them, the first
 * attention now (`today` YYYY-MM-DD, `now` HH:MM: the report is most often written while the
 * worker is attended); the accident is left for the professional to write.
 */
export function newIncidentReportForm(
  prefill: { employer: EmployerPart; worker: WorkerPart },
  today: string,
  now: string,
): IncidentReportFormValues {
  return {
    ...partsOf(prefill.employer, prefill.worker),
    accident_kind: '',
    occurred_on: '',
    occurred_at: '',
    place: '',
    activity: '',
    description: '',
    witnesses: '',
    attended_on: isoToDateText(today),
    attended_at: now,
    diagnosis_code: '',
    diagnosis_name: '',
    injuries: '',
    body_part: '',
    treatment: '',
    disability_id: '',
    probable_qualification: '',
    observations: '',
  }
}

/** The report as the form shows it to amend. */
export function formOfIncidentReport(
  report: Pick<IncidentReport, IncidentReportField>,
): IncidentReportFormValues {
  return {
    ...partsOf(report.employer, report.worker),
    accident_kind: report.accident_kind,
    occurred_on: isoToDateText(report.occurred_on),
    occurred_at: report.occurred_at,
    place: report.place,
    activity: report.activity,
    description: report.description,
    witnesses: orEmpty(report.witnesses),
    attended_on: isoToDateText(report.attended_on),
    attended_at: report.attended_at,
    diagnosis_code: report.diagnosis_code,
    diagnosis_name: report.diagnosis_name,
    injuries: report.injuries,
    body_part: report.body_part,
    treatment: report.treatment,
    disability_id: orEmpty(report.disability_id),
    probable_qualification: report.probable_qualification,
    observations: orEmpty(report.observations),
  }
}

/** The contract's fields of a report (its patient and id apart). */
export type IncidentReportFields = Omit<
  v.InferOutput<typeof CreateIncidentReportRequest>,
  'id' | 'patient_id'
>

export type ParsedIncidentReport =
  | { fields: IncidentReportFields; errors?: undefined }
  | { fields?: undefined; errors: Record<string, string> }

const PLACEHOLDER_ID = '00000000-0000-7000-8000-000000000000'
const orNull = (text: string) => (text.trim() === '' ? null : text)

/**
 * The form's texts as the contract's fields. Errors are keyed by the form's names
 * (`worker.hire_date`, `attended_on`); a diagnosis not chosen is named on its search
 * (`diagnosis_code`). An empty required date, time or choice says it is required.
 */
export function parseIncidentReportForm(values: IncidentReportFormValues, i18n: I18n): ParsedIncidentReport {
  const errors: Record<string, string> = {}
  const required = fieldMessage('field.required', i18n) ?? ''
  const day = (name: string, text: string, optional = false): string | null | undefined => {
    const typed = text.trim()
    if (typed === '') {
      if (!optional) errors[name] = required
      return optional ? null : undefined
    }
    if (!isDateText(typed)) {
      errors[name] = fieldMessage('field.date', i18n) ?? ''
      return undefined
    }
    return dateTextToIso(typed)
  }
  const chosen = <T extends string>(name: string, value: T | '') => {
    if (value === '') errors[name] = required
    return value === '' ? undefined : value
  }
  const time = (name: string, text: string) => {
    if (text.trim() === '') errors[name] = required
    return text.trim()
  }
  const input = {
    id: PLACEHOLDER_ID,
    patient_id: PLACEHOLDER_ID,
    employer: { ...values.employer },
    worker: {
      name: values.worker.name,
      nss: orNull(values.worker.nss),
      curp: orNull(values.worker.curp),
      occupation: orNull(values.worker.occupation),
      shift: orNull(values.worker.shift),
      hire_date: day('worker.hire_date', values.worker.hire_date, true),
    },
    accident_kind: chosen('accident_kind', values.accident_kind),
    occurred_on: day('occurred_on', values.occurred_on),
    occurred_at: time('occurred_at', values.occurred_at),
    place: values.place,
    activity: values.activity,
    description: values.description,
    witnesses: orNull(values.witnesses),
    attended_on: day('attended_on', values.attended_on),
    attended_at: time('attended_at', values.attended_at),
    // None chosen yet is a missing diagnosis, not a malformed code.
    diagnosis_code: values.diagnosis_code || undefined,
    diagnosis_name: values.diagnosis_name,
    injuries: values.injuries,
    body_part: values.body_part,
    treatment: values.treatment,
    disability_id: values.disability_id === '' ? null : values.disability_id,
    probable_qualification: chosen('probable_qualification', values.probable_qualification),
    observations: orNull(values.observations),
  }
  const checked = v.safeParse(CreateIncidentReportRequest, input)
  if (!checked.success) {
    for (const issue of checked.issues) {
      const path = (issue.path ?? []).map((item) => String(item.key)).join('.')
      // The diagnosis is chosen by its search: a missing one is said there.
      const name = path === 'diagnosis_name' ? 'diagnosis_code' : path
      errors[name] ??= issueMessage(issue, i18n)
    }
  }
  if (Object.keys(errors).length > 0 || !checked.success) return { errors }
  const { id: _id, patient_id: _patient, ...fields } = checked.output
  return { fields }
}

/** The errors of one step. */
export const errorsOfStep = (errors: Record<string, string>, step: IncidentReportStep) =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => stepOfField(name) === step))

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The fields an amendment changes: those whose value differs from the report's (a part whole). */
export function changedFields(
  report: Pick<IncidentReport, IncidentReportField>,
  fields: IncidentReportFields,
): Partial<IncidentReportFields> {
  const names = Object.keys(INCIDENT_REPORT_FIELDS) as IncidentReportField[]
  const changes: Record<string, unknown> = {}
  for (const name of names) {
    const next = fields[name]
    const held = report[name]
    const differs =
      name === 'employer' || name === 'worker'
        ? Object.keys(next as object).some(
            (key) => !same((next as Record<string, unknown>)[key], (held as Record<string, unknown>)[key]),
          )
        : !same(next, held)
    if (differs) changes[name] = next
  }
  return changes as Partial<IncidentReportFields>
}
