import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import { EXPOSURE_AGENTS, type ExposureAgent } from '../../contract/schemas/occupational-exposures'
import { CreatePeriodicExamRequest, type ExamCondition } from '../../contract/schemas/periodic-exams'
import type { LocalPeriodicExam } from '../../db/local-db'
import { newRowId } from '../../sync/periodic-exam-mutators'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'

/** A clinical exam row as the form holds it; `held` rows are the exam's own (not new here). */
export interface ClinicalExamFormRow {
  id: string
  clinical_exam_id: string
  result: string
  held: boolean
}

/** An exposure as the form holds it: one line per agent, kept when checked. */
export interface ExposureFormRow {
  agent: ExposureAgent
  checked: boolean
  years: string
  notes: string
}

export interface PeriodicExamFormValues {
  /** YYYY/MM/DD as typed (SPEC §9). */
  examined_on: string
  condition: ExamCondition | ''
  observations: string
  recommendations: string
  exposures: ExposureFormRow[]
  clinical_exams: ClinicalExamFormRow[]
}

const two = (n: number) => String(n).padStart(2, '0')
/** The device's day, YYYY-MM-DD. */
export const localDay = (now: Date) => `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`

const exposureRows = (held: LocalPeriodicExam['exposures']): ExposureFormRow[] =>
  EXPOSURE_AGENTS.map((agent) => {
    const found = held.find((exposure) => exposure.agent === agent)
    return {
      agent,
      checked: Boolean(found),
      years: found ? String(found.years) : '',
      notes: found?.notes ?? '',
    }
  })

/**
 * A new exam's form: today, and the exposures of the patient's previous exam already checked
 * (most often they have not changed; the person corrects what did).
 */
export function emptyPeriodicExamForm(now: Date, previous: LocalPeriodicExam | null): PeriodicExamFormValues {
  return {
    examined_on: isoToDateText(localDay(now)),
    condition: '',
    observations: '',
    recommendations: '',
    exposures: exposureRows(previous?.exposures ?? []),
    clinical_exams: [],
  }
}

export function formOfExam(exam: LocalPeriodicExam): PeriodicExamFormValues {
  return {
    examined_on: isoToDateText(exam.examined_on),
    condition: exam.condition,
    observations: exam.observations ?? '',
    recommendations: exam.recommendations ?? '',
    exposures: exposureRows(exam.exposures),
    clinical_exams: exam.clinical_exams
      .filter((row) => !row.deleted_at)
      .map((row) => ({
        id: row.id,
        clinical_exam_id: row.clinical_exam_id,
        result: row.result ?? '',
        held: true,
      })),
  }
}

export const emptyClinicalExamRow = (): ClinicalExamFormRow => ({
  id: newRowId(),
  clinical_exam_id: '',
  result: '',
  held: false,
})

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** The fields the contract takes (patient apart). */
export type PeriodicExamFields = Omit<v.InferOutput<typeof CreatePeriodicExamRequest>, 'id'>

export type ParsedPeriodicExam =
  | { fields: PeriodicExamFields; errors?: undefined }
  | { fields?: undefined; errors: Record<string, string> }

/**
 * The form's texts as the contract's fields, checked by the contract's own create schema (the
 * server refuses what it refuses); the exam's day may not be after `today` (YYYY-MM-DD). Errors
 * are keyed by the form's field names (`exposures.2.years`, `clinical_exams.0.clinical_exam_id`).
 */
export function parsePeriodicExamForm(
  values: PeriodicExamFormValues,
  i18n: I18n,
  today: string,
): ParsedPeriodicExam {
  const errors: Record<string, string> = {}
  const required = fieldMessage('field.required', i18n) ?? ''
  const day = values.examined_on.trim()
  if (!isDateText(day)) errors.examined_on = fieldMessage('field.date', i18n) ?? ''
  else if (dateTextToIso(day) > today) errors.examined_on = i18n._(msg`La fecha no puede ser futura.`)
  if (values.condition === '') errors.condition = required
  const exposures = values.exposures.flatMap((row, index) => (row.checked ? [{ row, index }] : []))
  for (const { row, index } of exposures) {
    if (row.years.trim() === '') errors[`exposures.${index}.years`] = required
  }
  values.clinical_exams.forEach((row, index) => {
    if (row.clinical_exam_id === '') errors[`clinical_exams.${index}.clinical_exam_id`] = required
  })
  const fields = {
    examined_on: dateTextToIso(day),
    condition: values.condition,
    observations: orNull(values.observations),
    recommendations: orNull(values.recommendations),
    exposures: exposures.map(({ row }) => ({
      agent: row.agent,
      years: Number(row.years.trim()),
      notes: orNull(row.notes),
    })),
    clinical_exams: values.clinical_exams.map((row) => ({
      id: row.id,
      clinical_exam_id: row.clinical_exam_id,
      result: orNull(row.result),
    })),
  }
  const checked = v.safeParse(CreatePeriodicExamRequest, {
    ...fields,
    id: '00000000-0000-7000-8000-000000000000',
  })
  if (!checked.success) {
    for (const issue of checked.issues) {
      const keys = (issue.path ?? []).map((item) => String(item.key))
      // An exposure's index in the contract's list is its checked position: back to the form's line.
      if (keys[0] === 'exposures' && keys[1] !== undefined)
        keys[1] = String(exposures[Number(keys[1])]?.index ?? keys[1])
      errors[keys.join('.')] ??= issueMessage(issue, i18n)
    }
  }
  if (Object.keys(errors).length > 0) return { errors }
  return { fields: checked.output as PeriodicExamFields }
}
