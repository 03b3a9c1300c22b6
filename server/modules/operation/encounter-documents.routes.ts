import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  downloadEncounterNote,
  downloadEncounterPrescription,
} from '../../../src/contract/endpoints/encounters'
import type { EncounterWithAmendments } from '../../../src/contract/schemas/encounters'
import {
  type ConsultationContext,
  consultationDocumentOf,
} from '../../../src/documents/consultation-document'
import type { ConsultationDocumentInput } from '../../../src/documents/consultation-input'
import { buildConsultationNotePdf } from '../../../src/documents/consultation-note-pdf'
import { buildPrescriptionPdf } from '../../../src/documents/prescription-pdf'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { tenantAddressLine } from '../../../src/documents/tenant-address'
import type { Tx } from '../../db/client'
import { catalogueEntries, patients, referenceItems } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { route } from '../../platform/route'
import { encounterWithAmendments } from './encounters.routes'
import { tenantLogo } from './tenant-logo'

type Lang = ConsultationDocumentInput['language']

/** Catalogue values' names by id, inactive and removed ones too: an old note keeps its words. */
async function namesOf(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(inArray(catalogueEntries.id, ids))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/** A reference list value's name in the document's language (the biological sexes, the genders). */
async function referenceName(tx: Tx, list: string, code: string | null, lang: Lang): Promise<string | null> {
  if (!code) return null
  const [row] = await tx
    .select({ es: referenceItems.nameEs, en: referenceItems.nameEn })
    .from(referenceItems)
    .where(and(eq(referenceItems.list, list), eq(referenceItems.code, code)))
  // A code the list does not know is not printed as a code a reader would not understand.
  return row ? row[lang] : null
}

/** The patient as the documents print them: name, birth date, sex in words, CURP. */
export async function patientOf(tx: Tx, id: string, lang: Lang): Promise<ConsultationContext['patient']> {
  const [row] = await tx.select().from(patients).where(eq(patients.id, id))
  if (!row) throw new NotFoundError()
  const sex =
    (await referenceName(tx, 'biological-sexes', row.biologicalSex, lang)) ??
    (await referenceName(tx, 'genders', row.gender, lang))
  return {
    name: [row.name, row.lastName, row.secondLastName].filter(Boolean).join(' '),
    birth_date: row.birthDate,
    sex,
    curp: row.curp,
  }
}

/**
 * SPEC §7's two downloads of a consultation (decision 0024): the note and the prescription, built
 * by the builders the device runs offline from the same input (`consultationDocumentOf`), so the
 * device's and the server's documents are the same bytes when asked in the same time zone.
 * Reading one is reading the patient's clinical data: scoped and audited like the show call.
 */
export async function encounterDocumentRoutes(app: FastifyInstance, opts: { files: FileStore }) {
  const documents = [
    { call: downloadEncounterNote, build: buildConsultationNotePdf, action: 'note' },
    { call: downloadEncounterPrescription, build: buildPrescriptionPdf, action: 'prescription' },
  ] as const
  for (const { call, build, action } of documents) {
    route(app, call, async ({ params, query }, req: FastifyRequest, reply: FastifyReply) => {
      const tenant = req.tenant
      if (!tenant) throw new NotFoundError()
      const lang = req.lang
      const { encounter, context } = await req.withTenant(async (tx) => {
        const found: EncounterWithAmendments = await encounterWithAmendments(tx, req, params.id, action)
        const names = await namesOf(tx, [
          found.reason_id,
          ...found.diagnoses.map((diagnosis) => diagnosis.affected_system_id),
        ])
        const context: ConsultationContext = {
          language: lang,
          timeZone: query.time_zone ?? DOCUMENT_TIME_ZONE,
          tenant: {
            name: tenant.tradeName,
            logo: await tenantLogo(opts.files, tenant.logoUrl),
            address: tenantAddressLine(tenant.address),
          },
          patient: await patientOf(tx, found.patient_id, lang),
          reason: names.get(found.reason_id) ?? null,
          systems: names,
        }
        return { encounter: found, context }
      })
      const { bytes, fileName } = build(consultationDocumentOf(encounter, context))
      await reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes))
    })
  }
}
