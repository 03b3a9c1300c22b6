import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { dateTextToIso, isDateText, isoToDateText } from '../../contract/rules/formats'
import { CreateVaccinationRecordRequest } from '../../contract/schemas/vaccination-records'
import type { LocalVaccinationRecord } from '../../db/local-db'
import type { NewVaccinationRecord } from '../../sync/vaccination-mutators'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'

/** An adverse reaction's row as typed (SPEC §3: date, time, symptoms, comments). */
export interface ReactionFormValues {
  date: string
  time: string
  symptoms: string
  comments: string
}

/** What the dose form holds while it is filled in: texts as typed. */
export interface VaccinationFormValues {
  vaccine_id: string
  dose_number: string
  folio: string
  applied_on: string
  lot: string
  booster: boolean
  vaccinated_abroad: boolean
  country_code: string
  adverse_reactions: ReactionFormValues[]
}

const two = (n: number) => String(n).padStart(2, '0')

/** The device's calendar day, YYYY-MM-DD: a dose is applied on the nurse's day, not UTC's. */
export const localDay = (now: Date) => `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`

export const emptyReaction = (now: Date): ReactionFormValues => ({
  date: isoToDateText(localDay(now)),
  time: '',
  symptoms: '',
  comments: '',
})

/** A new dose: applied today; the vaccine and dose number given for a next dose. */
export function emptyVaccinationForm(
  now: Date,
  start: { vaccine_id?: string; dose_number?: number } = {},
): VaccinationFormValues {
  return {
    vaccine_id: start.vaccine_id ?? '',
    dose_number: String(start.dose_number ?? 1),
    folio: '',
    applied_on: isoToDateText(localDay(now)),
    lot: '',
    booster: false,
    vaccinated_abroad: false,
    country_code: '',
    adverse_reactions: [],
  }
}

/** A recorded dose as the form shows it, to amend it. */
export function formOfRecord(record: LocalVaccinationRecord): VaccinationFormValues {
  return {
    vaccine_id: record.vaccine_id,
    dose_number: String(record.dose_number),
    folio: record.folio ?? '',
    applied_on: isoToDateText(record.applied_on),
    lot: record.lot ?? '',
    booster: record.booster,
    vaccinated_abroad: record.vaccinated_abroad,
    country_code: record.country_code ?? '',
    adverse_reactions: record.adverse_reactions.map((reaction) => ({
      date: isoToDateText(reaction.date),
      time: reaction.time ?? '',
      symptoms: reaction.symptoms,
      comments: reaction.comments ?? '',
    })),
  }
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** A typed date in the API's form, or the text as typed (the contract then refuses it). */
const isoOf = (text: string) => (isDateText(text.trim()) ? dateTextToIso(text.trim()) : text.trim())

export type ParsedVaccination =
  | { fields: NewVaccinationRecord; errors?: undefined }
  | { fields?: undefined; errors: Record<string, string> }

/**
 * The form's texts as the contract's fields, checked by the contract's own create schema, so the
 * device refuses what the server would; and the date of application may not be after `today`
 * (YYYY-MM-DD, the device's day), nor a reaction's. Errors are keyed by the form's field names.
 */
export function parseVaccinationForm(
  patientId: string,
  values: VaccinationFormValues,
  i18n: I18n,
  today: string,
): ParsedVaccination {
  const errors: Record<string, string> = {}
  const dateError = (name: string, typed: string) => {
    if (!isDateText(typed.trim())) errors[name] = fieldMessage('field.date', i18n) ?? ''
    else if (dateTextToIso(typed.trim()) > today) errors[name] = i18n._(msg`La fecha no puede ser futura.`)
  }
  const required = fieldMessage('field.required', i18n) ?? ''
  if (values.vaccine_id === '') errors.vaccine_id = required
  if (values.dose_number.trim() === '') errors.dose_number = required
  dateError('applied_on', values.applied_on)
  values.adverse_reactions.forEach((reaction, index) => {
    dateError(`adverse_reactions.${index}.date`, reaction.date)
  })
  const doseNumber = Number(values.dose_number.trim())
  const fields: NewVaccinationRecord = {
    patient_id: patientId,
    vaccine_id: values.vaccine_id,
    dose_number: values.dose_number.trim() === '' ? Number.NaN : doseNumber,
    folio: orNull(values.folio),
    applied_on: isoOf(values.applied_on),
    lot: orNull(values.lot),
    booster: values.booster,
    vaccinated_abroad: values.vaccinated_abroad,
    country_code: values.vaccinated_abroad ? orNull(values.country_code) : null,
    adverse_reactions: values.adverse_reactions.map((reaction) => ({
      date: isoOf(reaction.date),
      time: orNull(reaction.time),
      symptoms: reaction.symptoms.trim(),
      comments: orNull(reaction.comments),
    })),
  }
  const checked = v.safeParse(CreateVaccinationRecordRequest, {
    ...fields,
    id: '00000000-0000-7000-8000-000000000000',
  })
  if (!checked.success) {
    for (const issue of checked.issues) {
      const path = (issue.path ?? []).map((item) => String(item.key)).join('.')
      errors[path] ??= issueMessage(issue, i18n)
    }
  }
  if (Object.keys(errors).length > 0) return { errors }
  return { fields }
}
