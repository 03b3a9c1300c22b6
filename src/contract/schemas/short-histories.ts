import * as v from 'valibot'
import { IsoDay } from '../rules/calendar'
import { changesOf, optionalText, requiredText, TimeZoneName } from './bounded'
import { VITAL_SIGNS } from './encounters'
import type { ReportRecord } from './report-amendments'

/**
 * A short clinical history (SPEC §2 `/clinical-history`, §3 "short medical histories with types",
 * §7 `short-medical-histories`; issue 23): the brief history a service takes of a worker who is
 * not due a full admission exam, recorded on the device offline with its UUIDv7 id, amended under
 * NOM-004, soft deleted (decision 0028).
 */

const Id = v.pipe(v.string('field.required'), v.uuid('field.uuid'))

/**
 * The types SPEC §7's `types list` answers: why the history was taken. Fixed codes (the device
 * words them in its language), so that a list filters by them whatever the language.
 */
export const SHORT_HISTORY_TYPES = ['general', 'occupational', 'return_to_work', 'contractor'] as const
export type ShortHistoryType = (typeof SHORT_HISTORY_TYPES)[number]

export const MAX_SHORT_HISTORY_TEXT = 3000

/** The fields a person fills in and may amend. */
export const SHORT_HISTORY_FIELDS = {
  type: v.picklist(SHORT_HISTORY_TYPES, 'field.picklist'),
  recorded_on: IsoDay,
  reason: requiredText(500),
  family_history: optionalText(MAX_SHORT_HISTORY_TEXT),
  personal_history: optionalText(MAX_SHORT_HISTORY_TEXT),
  occupational_history: optionalText(MAX_SHORT_HISTORY_TEXT),
  current_condition: optionalText(MAX_SHORT_HISTORY_TEXT),
  physical_exploration: optionalText(MAX_SHORT_HISTORY_TEXT),
  ...VITAL_SIGNS,
  impression: optionalText(MAX_SHORT_HISTORY_TEXT),
  plan: optionalText(MAX_SHORT_HISTORY_TEXT),
} as const
export type ShortHistoryField = keyof typeof SHORT_HISTORY_FIELDS

/** POST /patients/short-medical-histories: a new history with the device's id (a replay answers it). */
export const CreateShortHistoryRequest = v.object({ id: Id, patient_id: Id, ...SHORT_HISTORY_FIELDS })
export type CreateShortHistoryRequest = v.InferOutput<typeof CreateShortHistoryRequest>

/** POST /patients/short-medical-histories/{id}: an amendment, the changed fields, against If-Match. */
export const AmendShortHistoryRequest = changesOf(SHORT_HISTORY_FIELDS)
export type AmendShortHistoryRequest = v.InferOutput<typeof AmendShortHistoryRequest>

export const ShortHistoryIdParams = v.object({ id: Id })
export const PatientShortHistoriesQuery = v.object({ patient_id: Id })
export const ShortHistoryDocumentQuery = v.object({ time_zone: v.optional(TimeZoneName) })

/** A short clinical history as the API and the change feed (`short-history`) answer it. */
export interface ShortHistory extends ReportRecord<ShortHistoryField> {
  type: ShortHistoryType
  recorded_on: string
  reason: string
  family_history: string | null
  personal_history: string | null
  occupational_history: string | null
  current_condition: string | null
  physical_exploration: string | null
  weight_kg: number | null
  height_m: number | null
  temperature_c: number | null
  oximetry: number | null
  systolic: number | null
  diastolic: number | null
  heart_rate: number | null
  respiratory_rate: number | null
  glucose: number | null
  impression: string | null
  plan: string | null
}

/** GET /patients/short-medical-histories/types: each type with its name in the request's language. */
export interface ShortHistoryTypeOption {
  code: ShortHistoryType
  name: string
}
