import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import {
  amendPeriodicExam,
  createPeriodicExam,
  deletePeriodicExam,
  deletePeriodicExamClinicalExam,
  patientPeriodicExams,
  showPeriodicExam,
} from '../../../src/contract/endpoints/periodic-exams'
import type {
  ClinicalExamResult,
  ExamFieldChange,
  PeriodicExam,
} from '../../../src/contract/schemas/periodic-exams'
import type { Tx } from '../../db/client'
import { periodicExamAmendments, periodicExamResults, periodicExams } from '../../db/schema'
import { assertInScope, assertLivePatientInScope } from '../../platform/assignment-scope'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { assertLiveEntry } from '../catalogs/catalogues'
import { rowChanges, rowsChange } from './exam-rows'
import {
  columnsOf,
  fieldChanges,
  fieldsOf,
  findPeriodicExam,
  type PeriodicExamRow,
  presentPeriodicExam,
  presentPeriodicExams,
  resultOf,
  resultsOfExams,
  sameCreate,
} from './periodic-exams'

export const PERIODIC_EXAM_ENTITY = 'periodic-exam'
const ENTITY = PERIODIC_EXAM_ENTITY

/** 422 on `clinical_exams` unless every row names a live entry of the tenant's `clinicalExam` catalogue. */
async function assertClinicalExams(tx: Tx, req: FastifyRequest, rows: readonly ClinicalExamResult[]) {
  for (const id of new Set(rows.map((row) => row.clinical_exam_id))) {
    await assertLiveEntry(tx, 'clinicalExam', id, 'clinical_exams', req.lang)
  }
}

/**
 * The exam the path names, of the patient the path names, in the caller's care: else 404 (another
 * tenant's, another patient's and an unassigned patient's exams are all unknown here).
 */
async function examInScope(
  tx: Tx,
  req: FastifyRequest,
  patientId: string,
  id: string,
): Promise<PeriodicExamRow> {
  const row = await findPeriodicExam(tx, id)
  if (!row || row.patientId !== patientId) throw new NotFoundError()
  await assertInScope(tx, req, row.patientId)
  return row
}

/**
 * A patient's periodic exams (issue 22; SPEC §7 "Periodic exams"). An exam is created once with
 * the device's id (a replay answers the first result), amended against If-Match with each changed
 * field and clinical-exam row kept before and after (NOM-004), and removed softly, as are its
 * clinical-exam rows. Every read and change is audited and every change goes to the feed as the
 * exam's new version.
 */
export async function periodicExamRoutes(app: FastifyInstance) {
  const tenantOf = (req: FastifyRequest) => req.tenant?.id as string

  /** The exam's new version after a change: the amendment, the feed and the audit in one go. */
  const amended = async (
    tx: Tx,
    req: FastifyRequest,
    row: PeriodicExamRow,
    changes: Record<string, ExamFieldChange>,
    columns: ReturnType<typeof columnsOf>,
  ): Promise<PeriodicExamRow> => {
    const userId = req.user?.id ?? null
    const [updated] = await tx
      .update(periodicExams)
      .set({ ...columns, version: row.version + 1, updatedAt: new Date().toISOString(), updatedBy: userId })
      .where(and(eq(periodicExams.id, row.id), eq(periodicExams.version, row.version)))
      .returning()
    // The row changed between the read and the write: a request still running; try again.
    if (!updated) throw new ConflictError()
    await tx.insert(periodicExamAmendments).values({
      tenantId: tenantOf(req),
      id: uuidv7(),
      examId: updated.id,
      version: updated.version,
      changes,
      amendedBy: userId,
    })
    await recordChange(tx, {
      tenantId: tenantOf(req),
      entity: ENTITY,
      entityId: updated.id,
      op: 'upsert',
      version: updated.version,
      patientId: updated.patientId,
    })
    await req.audit(tx, {
      action: `${ENTITY}.update`,
      entity: 'patient',
      entityId: updated.patientId,
      details: { exam: updated.id, fields: Object.keys(changes) },
    })
    return updated
  }

  route(app, patientPeriodicExams, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      await assertLivePatientInScope(tx, req, params.patient)
      const rows = await tx
        .select()
        .from(periodicExams)
        .where(and(eq(periodicExams.patientId, params.patient), isNull(periodicExams.deletedAt)))
        .orderBy(desc(periodicExams.examinedOn), desc(periodicExams.id))
      await req.audit(tx, { action: `${ENTITY}.list`, entity: 'patient', entityId: params.patient })
      return presentPeriodicExams(tx, rows)
    }),
  )

  route(app, createPeriodicExam, async ({ params, body }, req, reply) => {
    const { id, clinical_exams, ...fields } = body
    const exam = await idempotent(req, async (tx, claim): Promise<PeriodicExam> => {
      // It reads before it writes: the key is claimed first, in a statement of its own.
      await claim.take(tx)
      // Any patient of the tenant may be examined, candidates (administrative status) included.
      await assertLivePatientInScope(tx, req, params.patient)
      await assertClinicalExams(tx, req, clinical_exams)
      const userId = req.user?.id ?? null
      const [row] = await tx
        .insert(periodicExams)
        .values({
          tenantId: tenantOf(req),
          id,
          patientId: params.patient,
          ...columnsOf(fields),
          examinedOn: fields.examined_on,
          condition: fields.condition,
          createdBy: userId,
          updatedBy: userId,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        // The same create sent again under another key answers the first result.
        const existing = await findPeriodicExam(tx, id)
        if (
          existing &&
          sameCreate(existing, await resultsOfExams(tx, [id]), params.patient, fields, clinical_exams)
        )
          return presentPeriodicExam(tx, existing)
        throw new ConflictError()
      }
      if (clinical_exams.length > 0) {
        const inserted = await tx
          .insert(periodicExamResults)
          .values(
            clinical_exams.map((result) => ({
              tenantId: tenantOf(req),
              id: result.id,
              examId: row.id,
              patientId: row.patientId,
              clinicalExamId: result.clinical_exam_id,
              result: result.result,
              createdBy: userId,
              updatedBy: userId,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: periodicExamResults.id })
        // A row id another exam holds already: the device made it twice, refused as a whole.
        if (inserted.length !== clinical_exams.length) throw new ConflictError()
      }
      await recordChange(tx, {
        tenantId: tenantOf(req),
        entity: ENTITY,
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId: row.patientId,
      })
      await req.audit(tx, {
        action: `${ENTITY}.create`,
        entity: 'patient',
        entityId: row.patientId,
        details: { exam: row.id },
      })
      return presentPeriodicExam(tx, row)
    })
    sendVersion(reply, exam.version)
    return exam
  })

  route(app, showPeriodicExam, async ({ params }, req, reply) =>
    req.withTenant(async (tx) => {
      const row = await examInScope(tx, req, params.patient, params.id)
      await req.audit(tx, {
        action: `${ENTITY}.show`,
        entity: 'patient',
        entityId: row.patientId,
        details: { exam: row.id },
      })
      const exam = await presentPeriodicExam(tx, row)
      sendVersion(reply, exam.version)
      return exam
    }),
  )

  route(app, amendPeriodicExam, async ({ params, body }, req, reply) => {
    const base = ifMatchVersion(req)
    const exam = await idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const row = await examInScope(tx, req, params.patient, params.id)
      if (row.deletedAt) throw new UnprocessableError('record.deleted')
      const current = await presentPeriodicExam(tx, row)
      assertVersion(base, current, (found) => found)
      const { clinical_exams, ...fields } = body
      const changes: Record<string, ExamFieldChange> = fieldChanges(fieldsOf(row), fields)
      const held = (await resultsOfExams(tx, [row.id])).map(resultOf)
      const rows = rowChanges(held, clinical_exams ?? [], ['clinical_exam_id', 'result'])
      const invalid = (key: Parameters<typeof translate>[0]) =>
        new ValidationError({ clinical_exams: [translate(key, req.lang)] })
      if (rows.removed.length > 0) throw new UnprocessableError('record.deleted')
      if (rows.changed.some((c) => c.before.clinical_exam_id !== c.after.clinical_exam_id))
        throw invalid('periodicExam.clinicalExamFixed')
      const live = new Set(held.filter((r) => !r.deleted).map((r) => r.clinical_exam_id))
      if (rows.added.some((r) => live.has(r.clinical_exam_id)))
        throw invalid('periodicExam.duplicateClinicalExam')
      await assertClinicalExams(tx, req, rows.added)
      const rowsChanged = rowsChange(rows)
      if (rowsChanged) changes.clinical_exams = rowsChanged
      // Nothing really differs: no new version, no amendment (the device sends only changes).
      if (Object.keys(changes).length === 0) return current
      const userId = req.user?.id ?? null
      for (const { after } of rows.changed) {
        await tx
          .update(periodicExamResults)
          .set({ result: after.result, updatedAt: new Date().toISOString(), updatedBy: userId })
          .where(eq(periodicExamResults.id, after.id))
      }
      if (rows.added.length > 0) {
        const inserted = await tx
          .insert(periodicExamResults)
          .values(
            rows.added.map((result) => ({
              tenantId: tenantOf(req),
              id: result.id,
              examId: row.id,
              patientId: row.patientId,
              clinicalExamId: result.clinical_exam_id,
              result: result.result,
              createdBy: userId,
              updatedBy: userId,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: periodicExamResults.id })
        if (inserted.length !== rows.added.length) throw new ConflictError()
      }
      return presentPeriodicExam(tx, await amended(tx, req, row, changes, columnsOf(fields)))
    })
    sendVersion(reply, exam.version)
    return exam
  })

  // Deletes are soft and win (DESIGN §5): a tombstone the devices pull, the exam and its rows kept.
  route(app, deletePeriodicExam, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const current = await examInScope(tx, req, params.patient, params.id)
      if (!current.deletedAt) {
        const now = new Date().toISOString()
        const userId = req.user?.id ?? null
        const [row] = await tx
          .update(periodicExams)
          .set({ deletedAt: now, updatedAt: now, version: current.version + 1, updatedBy: userId })
          .where(and(eq(periodicExams.id, current.id), eq(periodicExams.version, current.version)))
          .returning()
        if (!row) throw new ConflictError()
        await tx
          .update(periodicExamResults)
          .set({ deletedAt: now, updatedAt: now, updatedBy: userId })
          .where(and(eq(periodicExamResults.examId, row.id), isNull(periodicExamResults.deletedAt)))
        await recordChange(tx, {
          tenantId: tenantOf(req),
          entity: ENTITY,
          entityId: row.id,
          op: 'delete',
          version: row.version,
          patientId: row.patientId,
        })
      }
      await req.audit(tx, {
        action: `${ENTITY}.delete`,
        entity: 'patient',
        entityId: current.patientId,
        details: { exam: current.id },
      })
      return null
    }),
  )

  // One clinical exam row removed: soft, and an amendment of its exam (the row before, none after).
  route(app, deletePeriodicExamClinicalExam, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const [result] = await tx
        .select()
        .from(periodicExamResults)
        .where(eq(periodicExamResults.id, params.id))
      if (!result || result.patientId !== params.patient) throw new NotFoundError()
      const exam = await examInScope(tx, req, params.patient, result.examId)
      if (result.deletedAt) return null
      if (exam.deletedAt) throw new UnprocessableError('record.deleted')
      const now = new Date().toISOString()
      await tx
        .update(periodicExamResults)
        .set({ deletedAt: now, updatedAt: now, updatedBy: req.user?.id ?? null, version: result.version + 1 })
        .where(eq(periodicExamResults.id, result.id))
      const { deleted: _, ...before } = resultOf(result)
      await amended(tx, req, exam, { clinical_exams: { before: [before], after: [] } }, {})
      return null
    }),
  )
}
