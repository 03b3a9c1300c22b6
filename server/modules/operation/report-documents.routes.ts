import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { disabilitySignatureFiles, downloadDisability } from '../../../src/contract/endpoints/disabilities'
import { downloadCertificate } from '../../../src/contract/endpoints/health-certificates'
import { downloadIncidentReport } from '../../../src/contract/endpoints/incident-reports'
import { downloadShortHistory } from '../../../src/contract/endpoints/short-histories'
import type { Disability } from '../../../src/contract/schemas/disabilities'
import type { HealthCertificate } from '../../../src/contract/schemas/health-certificates'
import type { IncidentReport } from '../../../src/contract/schemas/incident-reports'
import type { ShortHistory } from '../../../src/contract/schemas/short-histories'
import {
  certificateDocumentOf,
  disabilityDocumentOf,
  incidentReportDocumentOf,
  type ReportContext,
  shortHistoryDocumentOf,
} from '../../../src/documents/medical-report-documents'
import { buildReportPdf, type ReportDocumentInput } from '../../../src/documents/report-document'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { tenantAddressLine } from '../../../src/documents/tenant-address'
import type { Tx } from '../../db/client'
import { attachments, disabilities } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { sendPdf } from '../../platform/pdf-reply'
import { route } from '../../platform/route'
import { patientOf } from './encounter-documents.routes'
import { reportInScope } from './medical-report.routes'
import { DISABILITY, HEALTH_CERTIFICATE, INCIDENT_REPORT, SHORT_HISTORY } from './report-kinds'
import { tenantLogo } from './tenant-logo'

/** A disability's latest drawn signature as a data URL, from the file store (null without one). */
async function signatureOf(tx: Tx, files: FileStore, disabilityId: string): Promise<string | null> {
  const [file] = await tx
    .select({ sha256: attachments.sha256, mediaType: attachments.mediaType })
    .from(attachments)
    .where(
      and(
        eq(attachments.ownerKind, disabilitySignatureFiles.kind),
        eq(attachments.ownerId, disabilityId),
        isNull(attachments.deletedAt),
      ),
    )
    .orderBy(desc(attachments.createdAt), desc(attachments.id))
    .limit(1)
  const bytes = file ? await files.get(file.sha256) : null
  return file && bytes ? `data:${file.mediaType};base64,${bytes.toString('base64')}` : null
}

/**
 * The medical reports' PDFs (issue 23): each built by `buildReportPdf` from the record as the API
 * answers it and the same context the device has (tenant letterhead, patient), so the server's
 * download and the device's offline document are the same bytes in the same time zone. Reading
 * one is reading the patient's clinical data: scoped and audited like the show call.
 */
export async function reportDocumentRoutes(app: FastifyInstance, opts: { files: FileStore }) {
  const contextOf = async (tx: Tx, req: FastifyRequest, patientId: string, timeZone: string | undefined) => {
    const tenant = req.tenant
    if (!tenant) throw new NotFoundError()
    const context: ReportContext = {
      language: req.lang,
      timeZone: timeZone ?? DOCUMENT_TIME_ZONE,
      tenant: {
        name: tenant.tradeName,
        logo: await tenantLogo(opts.files, tenant.logoUrl),
        address: tenantAddressLine(tenant.address),
      },
      patient: await patientOf(tx, patientId, req.lang),
    }
    return context
  }
  const download = async (reply: FastifyReply, input: ReportDocumentInput) =>
    sendPdf(reply, buildReportPdf(input))

  route(app, downloadShortHistory, async ({ params, query }, req, reply) => {
    const input = await req.withTenant(async (tx) => {
      const history = await reportInScope<ShortHistory>(tx, req, SHORT_HISTORY, params.id, 'download')
      return shortHistoryDocumentOf(history, await contextOf(tx, req, history.patient_id, query.time_zone))
    })
    await download(reply, input)
  })

  route(app, downloadCertificate, async ({ params, query }, req, reply) => {
    const input = await req.withTenant(async (tx) => {
      const certificate = await reportInScope<HealthCertificate>(
        tx,
        req,
        HEALTH_CERTIFICATE,
        params.id,
        'download',
      )
      return certificateDocumentOf(
        certificate,
        await contextOf(tx, req, certificate.patient_id, query.time_zone),
      )
    })
    await download(reply, input)
  })

  route(app, downloadDisability, async ({ params, query }, req, reply) => {
    const input = await req.withTenant(async (tx) => {
      const disability = await reportInScope<Disability>(tx, req, DISABILITY, params.id, 'download')
      const context = await contextOf(tx, req, disability.patient_id, query.time_zone)
      return disabilityDocumentOf(disability, {
        ...context,
        signature: await signatureOf(tx, opts.files, disability.id),
      })
    })
    await download(reply, input)
  })

  route(app, downloadIncidentReport, async ({ params, query }, req, reply) => {
    const input = await req.withTenant(async (tx) => {
      const report = await reportInScope<IncidentReport>(tx, req, INCIDENT_REPORT, params.id, 'download')
      const [linked] = report.disability_id
        ? await tx
            .select({
              start_date: disabilities.startDate,
              end_date: disabilities.endDate,
              assigned_number: disabilities.assignedNumber,
            })
            .from(disabilities)
            .where(eq(disabilities.id, report.disability_id))
        : []
      return incidentReportDocumentOf(
        report,
        await contextOf(tx, req, report.patient_id, query.time_zone),
        linked ?? null,
      )
    })
    await download(reply, input)
  })
}
