import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { vaccinationRecordFiles } from '../contract/endpoints/vaccination'
import {
  AmendVaccinationRecordRequest,
  CreateVaccinationRecordRequest,
  countryProblem,
  VACCINATION_RECORD_FIELDS,
  type VaccinationRecordFields,
} from '../contract/schemas/vaccination-records'
import type { LocalDb, LocalVaccinationRecord } from '../db/local-db'
import { doseComesEarly } from '../db/vaccination-due'
import { vaccinationSummaryScope } from '../db/vaccination-summary'
import { type MutationContext, queueCreate, queueDelete, queueEdit, stamp } from './edits'
import { attachFiles, fileTables, type PreparedFile, removeFile } from './file-mutators'
import { syncPaths } from './paths'

/**
 * A patient's vaccination records written on the device (issue 21, decision 0026): a dose is
 * recorded once with the device's id, corrected by amendments the server keeps (NOM-004), and
 * deleted softly. Its certificate photo is a file of the record (`vaccinationRecordFiles`),
 * scaled on the device (`prepareFile`) and uploaded after the record's create.
 */

/** What the form gives a new dose: the record's fields and its patient. */
export type NewVaccinationRecord =
  v.InferInput<typeof CreateVaccinationRecordRequest> extends infer R ? Omit<R, 'id'> : never

/** An amendment: only the fields being changed. */
export type VaccinationRecordChanges = v.InferInput<typeof AmendVaccinationRecordRequest>

/**
 * A write the device refuses before anything is kept, with the message key the screen shows
 * and the field it belongs to.
 */
export class VaccinationRefusal extends Error {
  override name = 'VaccinationRefusal'
  constructor(
    readonly key:
      | 'vaccination.earlyDoseUnconfirmed'
      | 'vaccination.countryRequired'
      | 'vaccination.countryWithoutAbroad',
    readonly field: keyof VaccinationRecordFields,
  ) {
    super(key)
  }
}

async function liveRecord(db: LocalDb, id: string): Promise<LocalVaccinationRecord> {
  const row = await db.vaccinationRecords.get(id)
  if (!row || row.deleted_at) throw new Error(`Unknown vaccination record ${id}`)
  return row
}

/**
 * A dose sooner than its vaccine's minimum interval after the previous one is recorded only once
 * the professional has confirmed it, and then says so (`early_dose_confirmed`); any other dose
 * carries no confirmation. Read before the transaction: it awaits the catalogue and the records.
 */
async function confirmationOf(
  db: LocalDb,
  dose: Parameters<typeof doseComesEarly>[1],
  confirmed: boolean,
): Promise<boolean> {
  const early = await doseComesEarly(db, dose)
  if (early && !confirmed) throw new VaccinationRefusal('vaccination.earlyDoseUnconfirmed', 'applied_on')
  return early
}

/**
 * Records a dose and queues its create, in one transaction with its certificate photo (if any,
 * prepared with `prepareFile` under `vaccinationRecordFiles.limits`), whose upload waits for the
 * create. A dose of a patient whose create is still queued waits for that create. The author
 * shown is this device's user until the server's answer names the account itself.
 */
export async function createVaccinationRecord(
  db: LocalDb,
  ctx: MutationContext,
  fields: NewVaccinationRecord,
  certificate: PreparedFile | null = null,
): Promise<LocalVaccinationRecord> {
  const draft = v.parse(CreateVaccinationRecordRequest, { ...fields, id: uuidv7() })
  const early = await confirmationOf(db, draft, draft.early_dose_confirmed)
  const body = { ...draft, early_dose_confirmed: early }
  const row: LocalVaccinationRecord = {
    ...body,
    author: { id: ctx.userId, name: ctx.userName ?? '' },
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  // With the index's summary (vaccination-summary.ts): the dose and its row are kept together.
  await db.transaction('rw', [...vaccinationSummaryScope(db), ...fileTables(db)], async () => {
    await queueCreate(db, ctx, {
      entity: 'vaccinationRecord',
      kind: 'vaccinationRecord.create',
      path: syncPaths.createVaccinationRecord,
      row,
      body,
      patientId: body.patient_id,
    })
    if (certificate) {
      await attachFiles(
        db,
        ctx,
        { owner: vaccinationRecordFiles, ownerId: body.id, patientId: body.patient_id },
        [certificate],
      )
    }
  })
  return row
}

const FIELDS = Object.keys(VACCINATION_RECORD_FIELDS) as (keyof VaccinationRecordFields)[]

/**
 * Amends a dose (NOM-004): only the fields that really changed are queued, against the version
 * they were based on (If-Match), after the record's earlier changes; the server keeps each
 * field's value before and after. The record as the amendment leaves it must still say a country
 * exactly when the dose was given abroad, and a date that makes the dose early needs the
 * confirmation again. A new certificate photo replaces the one held. Returns the row as now
 * shown, or null when nothing changed (the photo aside).
 */
export async function amendVaccinationRecord(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  changes: VaccinationRecordChanges,
  certificate: PreparedFile | null = null,
): Promise<LocalVaccinationRecord | null> {
  const parsed: Partial<VaccinationRecordFields> = v.parse(AmendVaccinationRecordRequest, changes)
  const current = await liveRecord(db, id)
  const after = { ...current, ...parsed }
  const problem = countryProblem(after)
  if (problem) throw new VaccinationRefusal(problem, 'country_code')
  const early = await confirmationOf(db, after, parsed.early_dose_confirmed ?? current.early_dose_confirmed)
  const body: Record<string, unknown> = { ...parsed, early_dose_confirmed: early }
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  const replaced = certificate
    ? (await db.files.where('[owner_kind+owner_id]').equals([vaccinationRecordFiles.kind, id]).toArray())
        .filter((file) => !file.deleted_at)
        .map((file) => file.id)
    : []
  const next = await db.transaction(
    'rw',
    [...vaccinationSummaryScope(db), db.shadows, ...fileTables(db)],
    async () => {
      const row = await liveRecord(db, id)
      const amended = await queueEdit(db, ctx, {
        entity: 'vaccinationRecord',
        kind: 'vaccinationRecord.update',
        method: 'POST',
        path: syncPaths.amendVaccinationRecord(id),
        row,
        changes: Object.fromEntries(FIELDS.filter((field) => field in body).map((f) => [f, body[f]])),
        mutationId,
        createdAt,
      })
      if (certificate) {
        for (const old of replaced) await removeFile(db, ctx, vaccinationRecordFiles, old)
        await attachFiles(
          db,
          ctx,
          { owner: vaccinationRecordFiles, ownerId: id, patientId: row.patient_id },
          [certificate],
        )
      }
      return amended
    },
  )
  return next as LocalVaccinationRecord | null
}

/**
 * Deletes a dose softly (DESIGN §5: deletes win, the server keeps the record): hidden at once,
 * the delete queued after the record's earlier changes.
 */
export async function deleteVaccinationRecord(db: LocalDb, ctx: MutationContext, id: string): Promise<void> {
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', [...vaccinationSummaryScope(db), db.outbox, db.shadows], async () => {
    const row = await liveRecord(db, id)
    await queueDelete(db, ctx, {
      entity: 'vaccinationRecord',
      kind: 'vaccinationRecord.delete',
      path: syncPaths.deleteVaccinationRecord(id),
      row,
      mutationId,
      createdAt,
    })
  })
}
