import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { triageConsultationPdf } from '../../../src/contract/endpoints/covid'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { type TriageListNames, triageDocumentOf } from '../../../src/documents/triage-document'
import { buildTriageNotePdf } from '../../../src/documents/triage-note-pdf'
import { referenceItems, triageConsultations } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { route } from '../../platform/route'
import { patientOf } from '../operation/encounter-documents.routes'
import { tenantLogo } from '../operation/tenant-logo'
import { patientInReach, presentConsultation, withAuthors } from './triage'

/** The lists whose names the note prints (`triageDocumentOf` reads them by code). */
const LISTS = [
  'covid-statuses',
  'cases-general',
  'initial-symptoms',
  'other-sintoms',
  'supplemental-oxygens',
  'consciousness-states',
  'chronic-degenerative-diseases',
  'immunocompromises',
] as const satisfies ReadonlyArray<keyof TriageListNames>

/**
 * `GET /medic-consultation/pdf?id=…` (SPEC §7 "COVID"): the note of one triage consultation,
 * built by the builder the device runs offline from the same input (`triageDocumentOf`), so both
 * give the same bytes when asked in the same time zone (decisions 0024, 0025). Reading it is
 * reading the patient's record: scoped like the show call, audited.
 */
export async function triageDocumentRoutes(app: FastifyInstance, opts: { files: FileStore }) {
  route(app, triageConsultationPdf, async ({ query }, req, reply) => {
    const tenant = req.tenant
    if (!tenant) throw new NotFoundError()
    const language = req.lang
    const { triage, context } = await req.withTenant(async (tx) => {
      const [row] = await tx.select().from(triageConsultations).where(eq(triageConsultations.id, query.id))
      if (!row) throw new NotFoundError()
      await patientInReach(tx, req, row.patientId)
      const [presented] = await withAuthors(tx, [row], presentConsultation)
      const items = await tx
        .select()
        .from(referenceItems)
        .where(inArray(referenceItems.list, [...LISTS]))
      const lists: TriageListNames = {}
      for (const list of LISTS) {
        lists[list] = new Map(
          items
            .filter((item) => item.list === list)
            .map((item) => [item.code, language === 'en' ? item.nameEn : item.nameEs]),
        )
      }
      await req.audit(tx, {
        action: 'covid-consultation.pdf',
        entity: 'patient',
        entityId: row.patientId,
        details: { consultation: row.id },
      })
      return {
        triage: presented as NonNullable<typeof presented>,
        context: {
          language,
          timeZone: query.time_zone ?? DOCUMENT_TIME_ZONE,
          tenant: {
            name: tenant.tradeName,
            logo: await tenantLogo(opts.files, tenant.logoUrl),
            address: null,
          },
          patient: await patientOf(tx, row.patientId, language),
          lists,
        },
      }
    })
    const { bytes, fileName } = buildTriageNotePdf(triageDocumentOf(triage, context))
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(bytes))
  })
}
