import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { encounterFiles } from '../contract/endpoints/attachments'
import { bodyMassIndex } from '../contract/rules/vital-ranges'
import {
  CallOfModality,
  CreateEncounterRequest,
  type PrescriptionLine,
  UpdateEncounterRequest,
} from '../contract/schemas/encounters'
import { dashboardConsultationScope } from '../db/dashboard-consultations'
import type { LocalDb, LocalEncounter } from '../db/local-db'
import { type MutationContext, queueCreate, queueEdit, stamp, utc } from './edits'
import { attachFiles, fileTables, type PreparedFile } from './file-mutators'
import { syncPaths } from './paths'

/** A new consultation's fields: the create body without the id (made here) and the prescription. */
export type NewEncounter = Omit<v.InferInput<typeof CreateEncounterRequest>, 'id' | 'prescription'>

/** An amendment: only the fields being changed. */
export type EncounterChanges = v.InferInput<typeof UpdateEncounterRequest>

async function liveEncounter(db: LocalDb, id: string): Promise<LocalEncounter> {
  const row = await db.encounters.get(id)
  if (!row || row.deleted_at) throw new Error(`Unknown consultation ${id}`)
  return row
}

/**
 * Records a consultation and queues its create, in one transaction. The id is made here (UUIDv7),
 * so it shows in the patient's history at once and can be amended, or given its prescription,
 * before the server has heard of it; a consultation of a patient whose create is still queued
 * waits for that create. The prescriber shown is this device's user until the server's answer
 * names the account itself (from the token, never from the body). Files picked with it
 * (`prepareFile`) are kept in the same transaction, each upload waiting for the create.
 */
export async function createEncounter(
  db: LocalDb,
  ctx: MutationContext,
  fields: NewEncounter,
  files: readonly PreparedFile[] = [],
): Promise<LocalEncounter> {
  // Validation and id generation happen before the transaction: nothing but Dexie inside it.
  const parsed = v.parse(CreateEncounterRequest, { ...fields, id: uuidv7() })
  const body = { ...parsed, started_at: utc(parsed.started_at) }
  const row: LocalEncounter = {
    ...body,
    bmi: bodyMassIndex(body.weight_kg, body.height_m),
    prescriber: { id: ctx.userId, name: ctx.userName ?? '', title: null, professional_license: null },
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  // With the dashboard's summary, so the dashboard never shows the consultation's diagnoses late.
  await db.transaction('rw', [...dashboardConsultationScope(db), ...fileTables(db)], async () => {
    await queueCreate(db, ctx, {
      entity: 'encounter',
      kind: 'encounter.create',
      path: syncPaths.createEncounter,
      row,
      body,
      patientId: body.patient_id,
    })
    if (files.length > 0) {
      await attachFiles(
        db,
        ctx,
        { owner: encounterFiles, ownerId: body.id, patientId: body.patient_id },
        files,
      )
    }
  })
  return row
}

/**
 * Attaches files to a consultation already recorded (NOM-004 allows adding to a note, never
 * losing from it): kept and queued together; the uploads wait for the consultation's create if
 * it has not reached the server yet.
 */
export async function attachToEncounter(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  files: readonly PreparedFile[],
): Promise<void> {
  await db.transaction('rw', [db.encounters, ...fileTables(db)], async () => {
    const row = await liveEncounter(db, id)
    await attachFiles(db, ctx, { owner: encounterFiles, ownerId: id, patientId: row.patient_id }, files)
  })
}

/**
 * Amends a consultation: only the fields that really changed are queued, against the version
 * they were based on (If-Match), after the consultation's earlier changes; the server keeps the
 * note as it was (decision 0022). The call duration must still fit the modality as the amendment
 * leaves it. Returns the row as now shown, or null when nothing changed.
 */
export async function updateEncounter(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  changes: EncounterChanges,
): Promise<LocalEncounter | null> {
  const parsed: Record<string, unknown> = v.parse(UpdateEncounterRequest, changes)
  if (typeof parsed.started_at === 'string') parsed.started_at = utc(parsed.started_at)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  const current = await liveEncounter(db, id)
  v.parse(CallOfModality, {
    modality: parsed.modality ?? current.modality,
    call_duration: 'call_duration' in parsed ? parsed.call_duration : (current.call_duration ?? null),
  })
  return db.transaction('rw', [...dashboardConsultationScope(db), db.outbox, db.shadows], async () => {
    const row = await liveEncounter(db, id)
    const next = await queueEdit(db, ctx, {
      entity: 'encounter',
      kind: 'encounter.update',
      method: 'POST',
      path: syncPaths.updateEncounter(id),
      row,
      changes: parsed,
      // BMI follows the measures it is computed from; it is never sent.
      visible: (body) =>
        'weight_kg' in body || 'height_m' in body
          ? {
              ...body,
              bmi: bodyMassIndex(
                ('weight_kg' in body ? body.weight_kg : row.weight_kg) as number | null,
                ('height_m' in body ? body.height_m : row.height_m) as number | null,
              ),
            }
          : body,
      mutationId,
      createdAt,
    })
    return next as LocalEncounter | null
  })
}

/**
 * Writes a consultation's prescription, whole (SPEC §5: only on a consultation whose data is
 * saved — here, one the device holds; the server, one it holds, since the amendment waits for
 * the create). Each new line gets its id here. Duplicate medicines and doses are refused with
 * SPEC §8's texts by the contract's schema.
 */
export async function savePrescription(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  lines: ReadonlyArray<
    Omit<PrescriptionLine, 'id' | 'indications'> & { id?: string; indications?: string | null }
  >,
): Promise<LocalEncounter | null> {
  const prescription = lines.map((line) => ({ ...line, id: line.id ?? uuidv7() }))
  return updateEncounter(db, ctx, id, { prescription })
}
