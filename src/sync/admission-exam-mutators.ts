import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { admissionExamFiles } from '../contract/endpoints/admission-exams'
import {
  ADMISSION_EXAM_FIELDS,
  type AdmissionExamField,
  AmendAdmissionExamRequest,
  admissionExamProblems,
  CreateAdmissionExamRequest,
  type Treatment,
} from '../contract/schemas/admission-exams'
import type { LocalAdmissionExam, LocalDb } from '../db/local-db'
import { type MutationContext, queueCreate, queueEdit, queueRowRemoval, stamp } from './edits'
import { amendedRows } from './exam-rows'
import { attachFiles, fileTables, type PreparedFile } from './file-mutators'
import { syncPaths } from './paths'

/**
 * A candidate's or worker's admission (pre-employment) exams written on the device (issue 22):
 * created once with the device's id — usually as a draft, its first step saved — then amended
 * step by step (NOM-004: each amendment keeps the fields before and after) until it has its
 * result. Treatments are rows of their own, removed one by one; the lab results' files belong
 * to the exam (`admissionExamFiles`). Admission exams are not deleted (SPEC §7 has no such call).
 */

/** What the form gives a new exam: its fields so far, its treatments, its patient. */
export type NewAdmissionExam = Omit<v.InferInput<typeof CreateAdmissionExamRequest>, 'id'> & {
  patient_id: string
}

/**
 * An amendment: the fields (whole sections) being changed, and in `treatments` the rows as the
 * exam should hold them (new ones with a new id); a treatment is removed with
 * `removeAdmissionExamTreatment`.
 */
export type AdmissionExamChanges = v.InferInput<typeof AmendAdmissionExamRequest>

/**
 * An exam the device refuses to keep as it would stand (SPEC §4: a result needs every section,
 * "complies with conditions" its conditions): each problem on its field, as the server says it.
 */
export class AdmissionExamRefusal extends Error {
  override name = 'AdmissionExamRefusal'
  constructor(readonly problems: Array<[AdmissionExamField, string]>) {
    super(problems.map(([field, key]) => `${field}: ${key}`).join(', '))
  }
}

const COMPARED = ['medicine', 'dose', 'indications'] as const satisfies ReadonlyArray<keyof Treatment>
const FIELDS = Object.keys(ADMISSION_EXAM_FIELDS) as AdmissionExamField[]

async function liveExam(db: LocalDb, id: string): Promise<LocalAdmissionExam> {
  const row = await db.admissionExams.get(id)
  if (!row || row.deleted_at) throw new Error(`Unknown admission exam ${id}`)
  return row
}

/**
 * Records an exam (a draft or whole) and queues its create, in one transaction with its lab
 * files, each upload after the create; an exam of a patient whose create is still queued waits
 * for it. The author shown is this device's user until the server's answer names the account.
 */
export async function createAdmissionExam(
  db: LocalDb,
  ctx: MutationContext,
  fields: NewAdmissionExam,
  files: readonly PreparedFile[] = [],
): Promise<LocalAdmissionExam> {
  const { patient_id, ...rest } = fields
  const body = v.parse(CreateAdmissionExamRequest, { ...rest, id: uuidv7() })
  const row: LocalAdmissionExam = {
    ...body,
    patient_id,
    author: { id: ctx.userId, name: ctx.userName ?? '', title: null, professional_license: null },
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  await db.transaction('rw', [db.admissionExams, ...fileTables(db)], async () => {
    await queueCreate(db, ctx, {
      entity: 'admissionExam',
      kind: 'admissionExam.create',
      path: syncPaths.createAdmissionExam(patient_id),
      row,
      body,
      patientId: patient_id,
    })
    if (files.length > 0) {
      await attachFiles(
        db,
        ctx,
        { owner: admissionExamFiles, ownerId: body.id, patientId: patient_id },
        files,
      )
    }
  })
  return row
}

/**
 * Amends an exam (a step saved, the result set, a correction): the fields that really changed
 * and the treatments when one was added or changed (sent whole: `amendedRows`), queued against
 * the version they were based on after the exam's earlier changes. The exam as the amendment
 * leaves it must pass `admissionExamProblems` (AdmissionExamRefusal otherwise, nothing kept).
 * New lab files are kept and queued with it. Returns the exam as now shown, or null when nothing
 * changed (files aside).
 */
export async function amendAdmissionExam(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  changes: AdmissionExamChanges,
  files: readonly PreparedFile[] = [],
): Promise<LocalAdmissionExam | null> {
  const parsed = v.parse(AmendAdmissionExamRequest, changes)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  return db.transaction('rw', [db.admissionExams, db.shadows, ...fileTables(db)], async () => {
    const row = await liveExam(db, id)
    const fieldChanges: Record<string, unknown> = Object.fromEntries(
      FIELDS.filter((field) => field in parsed).map((field) => [field, parsed[field]]),
    )
    const problems = admissionExamProblems({ ...row, ...fieldChanges })
    if (problems.length > 0) throw new AdmissionExamRefusal(problems)
    const rows = parsed.treatments ? amendedRows(row.treatments, parsed.treatments, COMPARED) : null
    if (rows?.changed) fieldChanges.treatments = rows.live
    const next = await queueEdit(db, ctx, {
      entity: 'admissionExam',
      kind: 'admissionExam.update',
      method: 'POST',
      path: syncPaths.amendAdmissionExam(id),
      row,
      changes: fieldChanges,
      visible: (body) => ('treatments' in body && rows ? { ...body, treatments: rows.visible } : body),
      mutationId,
      createdAt,
    })
    if (files.length > 0) {
      await attachFiles(db, ctx, { owner: admissionExamFiles, ownerId: id, patientId: row.patient_id }, files)
    }
    return next as LocalAdmissionExam | null
  })
}

/** Removes one treatment (its own DELETE, an amendment of the exam on the server): shown removed at once. */
export async function removeAdmissionExamTreatment(
  db: LocalDb,
  ctx: MutationContext,
  examId: string,
  treatmentId: string,
): Promise<void> {
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', db.admissionExams, db.outbox, db.shadows, async () => {
    const row = await liveExam(db, examId)
    const target = row.treatments.find((t) => t.id === treatmentId)
    if (!target || target.deleted_at) return
    await queueRowRemoval(db, ctx, {
      entity: 'admissionExam',
      kind: 'admissionExam.removeTreatment',
      path: syncPaths.removeAdmissionExamTreatment(treatmentId),
      row,
      visible: {
        treatments: row.treatments.map((t) => (t.id === treatmentId ? { ...t, deleted_at: createdAt } : t)),
      },
      mutationId,
      createdAt,
    })
  })
}

/** Attaches lab files to an exam already recorded; the uploads wait for its create if queued. */
export async function attachToAdmissionExam(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  files: readonly PreparedFile[],
): Promise<void> {
  await db.transaction('rw', [db.admissionExams, ...fileTables(db)], async () => {
    const row = await liveExam(db, id)
    await attachFiles(db, ctx, { owner: admissionExamFiles, ownerId: id, patientId: row.patient_id }, files)
  })
}
