import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { admissionExamPdf } from '../../../src/contract/endpoints/admission-exams'
import { downloadPeriodicExam } from '../../../src/contract/endpoints/periodic-exams'
import { buildAdmissionExamPdf } from '../../../src/documents/admission-exam-pdf'
import {
  admissionExamDocumentOf,
  type ExamContext,
  periodicExamDocumentOf,
} from '../../../src/documents/exam-document'
import { buildPeriodicExamPdf } from '../../../src/documents/periodic-exam-pdf'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import type { Tx } from '../../db/client'
import { patients } from '../../db/schema'
import { assertInScope } from '../../platform/assignment-scope'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { sendPdf } from '../../platform/pdf-reply'
import { route } from '../../platform/route'
import { findAdmissionExam, presentAdmissionExam } from './admission-exams'
import { patientOf } from './encounter-documents.routes'
import { findPeriodicExam, presentPeriodicExam } from './periodic-exams'
import { tenantLogo } from './tenant-logo'

/**
 * The exams' documents (issue 22): the periodic exam's `GET …/periodic-exams/{id}/download` and
 * the admission exam's `GET /patients/admission-medical-exam/pdf/{id}`, built by the builders the
 * device runs offline from the same input (`src/documents/exam-document.ts`), so both give the
 * same bytes when asked in the same time zone. Reading one is reading the patient's clinical data:
 * scoped like the show calls (a deleted exam is gone here), audited.
 */
export async function examDocumentRoutes(app: FastifyInstance, opts: { files: FileStore }) {
  const contextOf = async (tx: Tx, req: FastifyRequest, patientId: string, timeZone?: string) => {
    const tenant = req.tenant
    if (!tenant) throw new NotFoundError()
    const context: ExamContext = {
      language: req.lang,
      timeZone: timeZone ?? DOCUMENT_TIME_ZONE,
      tenant: { name: tenant.tradeName, logo: await tenantLogo(opts.files, tenant.logoUrl), address: null },
      patient: await patientOf(tx, patientId, req.lang),
    }
    return context
  }

  route(app, downloadPeriodicExam, async ({ params, query }, req, reply) => {
    const input = await req.withTenant(async (tx) => {
      const row = await findPeriodicExam(tx, params.id)
      if (!row || row.patientId !== params.patient || row.deletedAt) throw new NotFoundError()
      await assertInScope(tx, req, row.patientId)
      const [patient] = await tx
        .select({ frequency: patients.examFrequency })
        .from(patients)
        .where(eq(patients.id, row.patientId))
      await req.audit(tx, {
        action: 'periodic-exam.pdf',
        entity: 'patient',
        entityId: row.patientId,
        details: { exam: row.id },
      })
      return periodicExamDocumentOf(
        await presentPeriodicExam(tx, row),
        await contextOf(tx, req, row.patientId, query.time_zone),
        patient?.frequency ?? null,
      )
    })
    await sendPdf(reply, buildPeriodicExamPdf(input))
  })

  route(app, admissionExamPdf, async ({ params, query }, req, reply) => {
    const input = await req.withTenant(async (tx) => {
      const row = await findAdmissionExam(tx, params.id)
      if (!row || row.deletedAt) throw new NotFoundError()
      await assertInScope(tx, req, row.patientId)
      await req.audit(tx, {
        action: 'admission-exam.pdf',
        entity: 'patient',
        entityId: row.patientId,
        details: { exam: row.id },
      })
      return admissionExamDocumentOf(
        await presentAdmissionExam(tx, row),
        await contextOf(tx, req, row.patientId, query.time_zone),
      )
    })
    await sendPdf(reply, buildAdmissionExamPdf(input))
  })
}
