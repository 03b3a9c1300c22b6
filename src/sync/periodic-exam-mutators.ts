import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { periodicExamResultFiles } from '../contract/endpoints/periodic-exams'
import {
  AmendPeriodicExamRequest,
  type ClinicalExamResult,
  CreatePeriodicExamRequest,
  PERIODIC_EXAM_FIELDS,
  type PeriodicExamField,
} from '../contract/schemas/periodic-exams'
import type { LocalDb, LocalPeriodicExam } from '../db/local-db'
import { periodicExamSummaryScope } from '../db/periodic-exam-summary'
import {
  type MutationContext,
  queueCreate,
  queueDelete,
  queuedCreate,
  queueEdit,
  queueRowRemoval,
  stamp,
} from './edits'
import { amendedRows } from './exam-rows'
import { attachFiles, fileTables, type PreparedFile } from './file-mutators'
import { lastEntryFor } from './outbox'
import { syncPaths } from './paths'

/**
 * A patient's periodic exams written on the device (issue 22, decision 0027): recorded once with
 * the device's id, amended (NOM-004) against the version they were based on, deleted softly.
 * Each clinical exam row has its own id, and its result files (lab reports, audiograms,
 * spirometries: `periodicExamResultFiles`, prepared with `prepareFile`) hang from that row; their
 * uploads wait for the exam's create or amendment that brings the row to the server.
 */

/** What the form gives a new exam: the exam's fields, its clinical exams, its patient. */
export type NewPeriodicExam = Omit<v.InferInput<typeof CreatePeriodicExamRequest>, 'id'> & {
  patient_id: string
}

/**
 * An amendment: the fields being changed, and in `clinical_exams` the rows as the exam should
 * hold them (new rows with a new id, `newRowId`); rows left out stay as they are — a row is
 * removed with `removePeriodicExamClinicalExam`.
 */
export type PeriodicExamChanges = v.InferInput<typeof AmendPeriodicExamRequest>

/** Files picked for clinical exam rows, by the row's id. */
export type ResultFiles = Readonly<Record<string, readonly PreparedFile[]>>

/** The id of a clinical exam row made in a form (UUIDv7, like every record made here). */
export const newRowId = () => uuidv7()

const COMPARED = ['clinical_exam_id', 'result'] as const satisfies ReadonlyArray<keyof ClinicalExamResult>
const FIELDS = Object.keys(PERIODIC_EXAM_FIELDS) as PeriodicExamField[]

async function liveExam(db: LocalDb, id: string): Promise<LocalPeriodicExam> {
  const row = await db.periodicExams.get(id)
  if (!row || row.deleted_at) throw new Error(`Unknown periodic exam ${id}`)
  return row
}

/**
 * Keeps each row's files and queues their uploads after `after`, the queued change that carries
 * the row to the server (none: the server holds the row already).
 */
async function attachResultFiles(
  db: LocalDb,
  ctx: MutationContext,
  exam: { patient_id: string; clinical_exams: readonly { id: string }[] },
  files: ResultFiles,
  after: string | undefined,
) {
  for (const row of exam.clinical_exams) {
    const picked = files[row.id] ?? []
    if (picked.length === 0) continue
    await attachFiles(
      db,
      ctx,
      {
        owner: periodicExamResultFiles,
        ownerId: row.id,
        patientId: exam.patient_id,
        after: after ? [after] : [],
      },
      picked,
    )
  }
}

/**
 * Records an exam and queues its create in one transaction with its clinical exams' files, each
 * upload after the create. An exam of a patient whose create is still queued waits for that
 * create. The author shown is this device's user until the server's answer names the account.
 */
export async function createPeriodicExam(
  db: LocalDb,
  ctx: MutationContext,
  fields: NewPeriodicExam,
  files: ResultFiles = {},
): Promise<LocalPeriodicExam> {
  const { patient_id, ...rest } = fields
  const body = v.parse(CreatePeriodicExamRequest, { ...rest, id: uuidv7() })
  const row: LocalPeriodicExam = {
    ...body,
    patient_id,
    author: { id: ctx.userId, name: ctx.userName ?? '', title: null, professional_license: null },
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  await db.transaction('rw', [...periodicExamSummaryScope(db), ...fileTables(db)], async () => {
    await queueCreate(db, ctx, {
      entity: 'periodicExam',
      kind: 'periodicExam.create',
      path: syncPaths.createPeriodicExam(patient_id),
      row,
      body,
      patientId: patient_id,
    })
    const create = (await queuedCreate(db, body.id)) as string // just queued
    await attachResultFiles(db, ctx, row, files, create)
  })
  return row
}

/**
 * Amends an exam (NOM-004): the fields that really changed, and the clinical exam rows when one
 * was added or its result changed (sent whole: see `amendedRows`), queued against the version
 * they were based on after the exam's earlier changes; new files of any row are kept and queued
 * after the amendment. Returns the exam as now shown, or null when nothing changed (files aside).
 */
export async function amendPeriodicExam(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  changes: PeriodicExamChanges,
  files: ResultFiles = {},
): Promise<LocalPeriodicExam | null> {
  const parsed = v.parse(AmendPeriodicExamRequest, changes)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  return db.transaction('rw', [...periodicExamSummaryScope(db), db.shadows, ...fileTables(db)], async () => {
    const row = await liveExam(db, id)
    const fieldChanges: Record<string, unknown> = Object.fromEntries(
      FIELDS.filter((field) => field in parsed).map((field) => [field, parsed[field]]),
    )
    const rows = parsed.clinical_exams
      ? amendedRows(row.clinical_exams, parsed.clinical_exams, COMPARED)
      : null
    if (rows?.changed) fieldChanges.clinical_exams = rows.live
    const next = await queueEdit(db, ctx, {
      entity: 'periodicExam',
      kind: 'periodicExam.update',
      method: 'POST',
      path: syncPaths.amendPeriodicExam(row.patient_id, id),
      row,
      changes: fieldChanges,
      visible: (body) =>
        'clinical_exams' in body && rows ? { ...body, clinical_exams: rows.visible } : body,
      mutationId,
      createdAt,
    })
    // Files of rows the server already holds need no amendment: they follow the exam's last change.
    const carrier = next ? mutationId : (await lastEntryFor(db, id))?.mutationId
    const owner = (next as LocalPeriodicExam | null) ?? row
    await attachResultFiles(db, ctx, owner, files, carrier)
    return next as LocalPeriodicExam | null
  })
}

/**
 * Removes one clinical exam row (its own DELETE, an amendment of the exam on the server; its
 * files stay with it there): the row shows removed at once.
 */
export async function removePeriodicExamClinicalExam(
  db: LocalDb,
  ctx: MutationContext,
  examId: string,
  rowId: string,
): Promise<void> {
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', [...periodicExamSummaryScope(db), db.outbox, db.shadows], async () => {
    const row = await liveExam(db, examId)
    const target = row.clinical_exams.find((r) => r.id === rowId)
    if (!target || target.deleted_at) return
    await queueRowRemoval(db, ctx, {
      entity: 'periodicExam',
      kind: 'periodicExam.removeClinicalExam',
      path: syncPaths.removePeriodicExamClinicalExam(row.patient_id, rowId),
      row,
      visible: {
        clinical_exams: row.clinical_exams.map((r) => (r.id === rowId ? { ...r, deleted_at: createdAt } : r)),
      },
      mutationId,
      createdAt,
    })
  })
}

/** Deletes an exam softly (deletes win; the server keeps it with its history): hidden at once. */
export async function deletePeriodicExam(db: LocalDb, ctx: MutationContext, id: string): Promise<void> {
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', [...periodicExamSummaryScope(db), db.outbox, db.shadows], async () => {
    const row = await liveExam(db, id)
    await queueDelete(db, ctx, {
      entity: 'periodicExam',
      kind: 'periodicExam.delete',
      path: syncPaths.deletePeriodicExam(row.patient_id, id),
      row,
      mutationId,
      createdAt,
    })
  })
}
