import type { LocalDb, LocalFormDraft } from './local-db'

/**
 * Drafts of long forms kept on the device (issue 22: the admission exam's steps, a periodic exam
 * being written), so nothing typed is lost when the tablet sleeps or the app reloads. The
 * device's own: never queued, never synced; the form removes its draft once saved.
 */

/** The key of a form's draft: the form's name, the patient, and the record when one is edited. */
export const draftKey = (form: string, patientId: string, recordId?: string) =>
  recordId ? `${form}:${patientId}:${recordId}` : `${form}:${patientId}`

export async function saveFormDraft(
  db: LocalDb,
  key: string,
  patientId: string,
  value: unknown,
  now: Date = new Date(),
): Promise<void> {
  await db.formDrafts.put({ key, patient_id: patientId, value, updatedAt: now.toISOString() })
}

export const readFormDraft = (db: LocalDb, key: string): Promise<LocalFormDraft | undefined> =>
  db.formDrafts.get(key)

export async function clearFormDraft(db: LocalDb, key: string): Promise<void> {
  await db.formDrafts.delete(key)
}
