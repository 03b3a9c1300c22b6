import * as v from 'valibot'
import { IsoInstant } from '../rules/calendar'

/**
 * The screens of a patient's record whose opening the server audits by its read (decision 0038):
 * the digital record (`/digital-record/{id}`) and the patient's record page (`/patients/record/{id}`).
 */
export const OPENED_SCREENS = ['digital-record', 'patient-record'] as const
export type OpenedScreen = (typeof OPENED_SCREENS)[number]

/**
 * A record opened on a device with no network (decision 0038): the device cannot be audited by
 * the read it did not make, so it queues this note of the opening, sent when the network returns
 * to the note's endpoint for that screen. Its id is the device's (the outbox's row), `opened_at`
 * the device's clock at the opening.
 */
export const OfflineOpeningRequest = v.object({
  id: v.pipe(v.string(), v.uuid('field.uuid')),
  opened_at: IsoInstant,
})
export type OfflineOpeningRequest = v.InferOutput<typeof OfflineOpeningRequest>

/** The server's answer: the note as the audit log holds it, a record of version 1. */
export interface OfflineOpening extends OfflineOpeningRequest {
  patient_id: string
  version: number
}
