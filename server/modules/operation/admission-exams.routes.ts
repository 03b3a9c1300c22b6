import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import {
  amendAdmissionExam,
  createAdmissionExam,
  deleteAdmissionExamTreatment,
  patientAdmissionExams,
  showAdmissionExam,
} from '../../../src/contract/endpoints/admission-exams'
import { admissionAgeProblem } from '../../../src/contract/rules/admission-ranges'
import {
  type AdmissionExam,
  admissionExamProblems,
  type LabResults,
  type Treatment,
} from '../../../src/contract/schemas/admission-exams'
import type { ExamFieldChange } from '../../../src/contract/schemas/periodic-exams'
import type { Tx } from '../../db/client'
import { admissionExamAmendments, admissionExams, admissionExamTreatments, patients } from '../../db/schema'
import { assertInScope, assertLivePatientInScope } from '../../platform/assignment-scope'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { type MessageKey, translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { assertLiveEntry } from '../catalogs/catalogues'
import {
  type AdmissionExamFields,
  type AdmissionExamRow,
  columnsOf,
  fieldChanges,
  fieldsOf,
  findAdmissionExam,
  presentAdmissionExam,
  presentAdmissionExams,
  sameCreate,
  treatmentOf,
  treatmentsOfExams,
} from './admission-exams'
import { rowChanges, rowsChange } from './exam-rows'

export const ADMISSION_EXAM_ENTITY = 'admission-exam'
const ENTITY = ADMISSION_EXAM_ENTITY

/**
 * The checks of an exam as it stands that no schema of one request can make: the candidate's age
 * on the exam's day (SPEC §5: 8 to 99, from the patient's birth date), the sections a result needs
 * and its conditions (`admissionExamProblems`), and the lab results' catalogue entries. 422 with
 * every problem on its field.
 */
async function assertExamValid(tx: Tx, req: FastifyRequest, patientId: string, exam: AdmissionExamFields) {
  const errors: Record<string, string[]> = {}
  const [patient] = await tx
    .select({ birthDate: patients.birthDate })
    .from(patients)
    .where(eq(patients.id, patientId))
  const age = admissionAgeProblem(patient?.birthDate, exam.examined_on)
  if (age) errors.examined_on = [translate(age, req.lang)]
  for (const [field, key] of admissionExamProblems(exam))
    errors[field] = [translate(key as MessageKey, req.lang)]
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  await assertLabEntries(tx, req, exam.lab_results)
}

async function assertLabEntries(tx: Tx, req: FastifyRequest, lab: LabResults | null) {
  const ids = new Set((lab?.results ?? []).flatMap((r) => (r.clinical_exam_id ? [r.clinical_exam_id] : [])))
  for (const id of ids) await assertLiveEntry(tx, 'clinicalExam', id, 'lab_results', req.lang)
}

async function examInScope(tx: Tx, req: FastifyRequest, id: string): Promise<AdmissionExamRow> {
  const row = await findAdmissionExam(tx, id)
  if (!row) throw new NotFoundError()
  await assertInScope(tx, req, row.patientId)
  return row
}

/**
 * A patient's admission (pre-employment) exams (issue 22; SPEC §7 `admission-medical-exam`).
 * The device saves the long form as it goes: the first step creates the exam (a draft) with its
 * id, each later step is an amendment against If-Match that keeps every changed section before
 * and after (NOM-004). Treatments are rows added by id and removed softly. Candidates (SPEC §4
 * administrative status) are examined like any patient. Every read and change is audited.
 */
export async function admissionExamRoutes(app: FastifyInstance) {
  const tenantOf = (req: FastifyRequest) => req.tenant?.id as string

  const insertTreatments = async (tx: Tx, req: FastifyRequest, exam: AdmissionExamRow, rows: Treatment[]) => {
    if (rows.length === 0) return
    const userId = req.user?.id ?? null
    const inserted = await tx
      .insert(admissionExamTreatments)
      .values(
        rows.map((t) => ({
          tenantId: tenantOf(req),
          id: t.id,
          examId: exam.id,
          patientId: exam.patientId,
          medicine: t.medicine,
          dose: t.dose,
          indications: t.indications,
          createdBy: userId,
          updatedBy: userId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: admissionExamTreatments.id })
    // A treatment id another exam holds already: refused as a whole.
    if (inserted.length !== rows.length) throw new ConflictError()
  }

  /** The exam's new version after a change: the amendment, the feed and the audit in one go. */
  const amended = async (
    tx: Tx,
    req: FastifyRequest,
    row: AdmissionExamRow,
    changes: Record<string, ExamFieldChange>,
    columns: ReturnType<typeof columnsOf>,
  ): Promise<AdmissionExamRow> => {
    const userId = req.user?.id ?? null
    const [updated] = await tx
      .update(admissionExams)
      .set({ ...columns, version: row.version + 1, updatedAt: new Date().toISOString(), updatedBy: userId })
      .where(and(eq(admissionExams.id, row.id), eq(admissionExams.version, row.version)))
      .returning()
    if (!updated) throw new ConflictError()
    await tx.insert(admissionExamAmendments).values({
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

  route(app, patientAdmissionExams, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      await assertLivePatientInScope(tx, req, params.patient)
      const rows = await tx
        .select()
        .from(admissionExams)
        .where(and(eq(admissionExams.patientId, params.patient), isNull(admissionExams.deletedAt)))
        .orderBy(desc(admissionExams.examinedOn), desc(admissionExams.id))
      await req.audit(tx, { action: `${ENTITY}.list`, entity: 'patient', entityId: params.patient })
      return presentAdmissionExams(tx, rows)
    }),
  )

  route(app, createAdmissionExam, async ({ params, body }, req, reply) => {
    const { id, treatments, ...fields } = body
    const exam = await idempotent(req, async (tx, claim): Promise<AdmissionExam> => {
      await claim.take(tx)
      await assertLivePatientInScope(tx, req, params.patient)
      await assertExamValid(tx, req, params.patient, fields)
      const userId = req.user?.id ?? null
      const [row] = await tx
        .insert(admissionExams)
        .values({
          tenantId: tenantOf(req),
          id,
          patientId: params.patient,
          ...columnsOf(fields),
          examinedOn: fields.examined_on,
          createdBy: userId,
          updatedBy: userId,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        const existing = await findAdmissionExam(tx, id)
        if (
          existing &&
          sameCreate(existing, await treatmentsOfExams(tx, [id]), params.patient, fields, treatments)
        )
          return presentAdmissionExam(tx, existing)
        throw new ConflictError()
      }
      await insertTreatments(tx, req, row, treatments)
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
      return presentAdmissionExam(tx, row)
    })
    sendVersion(reply, exam.version)
    return exam
  })

  route(app, showAdmissionExam, async ({ params }, req, reply) =>
    req.withTenant(async (tx) => {
      const row = await examInScope(tx, req, params.id)
      await req.audit(tx, {
        action: `${ENTITY}.show`,
        entity: 'patient',
        entityId: row.patientId,
        details: { exam: row.id },
      })
      const exam = await presentAdmissionExam(tx, row)
      sendVersion(reply, exam.version)
      return exam
    }),
  )

  route(app, amendAdmissionExam, async ({ params, body }, req, reply) => {
    const base = ifMatchVersion(req)
    const exam = await idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const row = await examInScope(tx, req, params.id)
      if (row.deletedAt) throw new UnprocessableError('record.deleted')
      const current = await presentAdmissionExam(tx, row)
      assertVersion(base, current, (found) => found)
      const { treatments, ...fields } = body
      await assertExamValid(tx, req, row.patientId, { ...fieldsOf(row), ...fields })
      const changes: Record<string, ExamFieldChange> = fieldChanges(fieldsOf(row), fields)
      const held = (await treatmentsOfExams(tx, [row.id])).map(treatmentOf)
      const rows = rowChanges(held, treatments ?? [], ['medicine', 'dose', 'indications'])
      if (rows.removed.length > 0) throw new UnprocessableError('record.deleted')
      const rowsChanged = rowsChange(rows)
      if (rowsChanged) changes.treatments = rowsChanged
      if (Object.keys(changes).length === 0) return current
      const userId = req.user?.id ?? null
      for (const { after } of rows.changed) {
        await tx
          .update(admissionExamTreatments)
          .set({
            medicine: after.medicine,
            dose: after.dose,
            indications: after.indications,
            updatedAt: new Date().toISOString(),
            updatedBy: userId,
          })
          .where(eq(admissionExamTreatments.id, after.id))
      }
      await insertTreatments(tx, req, row, rows.added)
      return presentAdmissionExam(tx, await amended(tx, req, row, changes, columnsOf(fields)))
    })
    sendVersion(reply, exam.version)
    return exam
  })

  // One treatment removed: soft, and an amendment of its exam (the treatment before, none after).
  route(app, deleteAdmissionExamTreatment, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      const [treatment] = await tx
        .select()
        .from(admissionExamTreatments)
        .where(eq(admissionExamTreatments.id, params.id))
      if (!treatment) throw new NotFoundError()
      const exam = await examInScope(tx, req, treatment.examId)
      if (treatment.deletedAt) return null
      if (exam.deletedAt) throw new UnprocessableError('record.deleted')
      const now = new Date().toISOString()
      await tx
        .update(admissionExamTreatments)
        .set({
          deletedAt: now,
          updatedAt: now,
          updatedBy: req.user?.id ?? null,
          version: treatment.version + 1,
        })
        .where(eq(admissionExamTreatments.id, treatment.id))
      const { deleted: _, ...before } = treatmentOf(treatment)
      await amended(tx, req, exam, { treatments: { before: [before], after: [] } }, {})
      return null
    }),
  )
}
