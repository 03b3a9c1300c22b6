import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BloodPressureRange } from '../../../src/contract/schemas/catalogs'
import type { ReadingKind as ContractKind } from '../../../src/contract/schemas/readings'
import { buildReadingsPdf, DOCUMENT_TIME_ZONE, type KindLog } from '../../../src/documents/self-tracking-pdf'
import type { Db } from '../../db/client'
import { bloodPressureRanges, patients } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { route } from '../../platform/route'
import { presentReading } from './readings'
import { assertMayActFor, KINDS } from './readings.routes'
import { tenantLogo } from './tenant-logo'

/** The tenant's blood-pressure categories named in the request's language, as the catalog call answers them. */
async function rangesIn(db: Db, lang: 'es' | 'en'): Promise<BloodPressureRange[]> {
  const rows = await db.select().from(bloodPressureRanges).orderBy(asc(bloodPressureRanges.sort))
  return rows.map((row) => ({
    code: row.code,
    name: lang === 'en' ? row.nameEn : row.nameEs,
    systolic_min: row.systolicMin,
    systolic_max: row.systolicMax,
    diastolic_min: row.diastolicMin,
    diastolic_max: row.diastolicMax,
    color: row.color,
    sort: row.sort,
  }))
}

const fullName = (patient: { name: string; lastName: string; secondLastName: string | null }) =>
  [patient.name, patient.lastName, patient.secondLastName].filter(Boolean).join(' ')

/**
 * GET …/pdf of each self-tracking kind (SPEC §7, issue 7): one patient's log of a date range as
 * the PDF the device makes offline (src/documents), built from the same kind of input. Read as
 * the kind's list is: a patient their own with the kind's permission, staff within their scope.
 */
export async function readingsPdfRoutes(app: FastifyInstance, opts: { db: Db; files: FileStore }) {
  for (const kind of KINDS) {
    const { table, calls, entity } = kind
    route(app, calls.pdf, async ({ query }, req: FastifyRequest, reply) => {
      const timeZone = query.time_zone ?? DOCUMENT_TIME_ZONE
      const { patient, rows } = await req.withTenant(async (tx) => {
        await assertMayActFor(tx, req, kind, query.patient_id, 'read')
        const [patient] = await tx
          .select({
            name: patients.name,
            lastName: patients.lastName,
            secondLastName: patients.secondLastName,
            curp: patients.curp,
          })
          .from(patients)
          .where(eq(patients.id, query.patient_id))
        if (!patient) throw new NotFoundError()
        // The days are the document's, as the builder reads them again.
        const localDay = sql`(${table.takenAt} at time zone ${timeZone})::date`
        const found = await tx
          .select()
          .from(table)
          .where(
            and(
              eq(table.patientId, query.patient_id),
              isNull(table.deletedAt),
              sql`${localDay} between ${query.from}::date and ${query.to}::date`,
            ),
          )
          .orderBy(asc(table.takenAt))
        await req.audit(tx, {
          action: `${entity}.pdf`,
          entity: 'patient',
          entityId: query.patient_id,
          details: { from: query.from, to: query.to, time_zone: timeZone },
        })
        return { patient, rows: found.map(presentReading) }
      })
      const tenant = req.tenant
      if (!tenant) throw new NotFoundError()
      const { bytes, fileName } = buildReadingsPdf({
        // The rows of this kind's table carry its fields, presented as the list call answers them.
        ...({ kind: entity as ContractKind, rows } as unknown as KindLog),
        from: query.from,
        to: query.to,
        tenant: { name: tenant.tradeName, logo: await tenantLogo(opts.files, tenant.logoUrl) },
        patient: { name: fullName(patient), curp: patient.curp },
        language: req.lang,
        bloodPressureRanges: await rangesIn(opts.db, req.lang),
        generatedAt: new Date(),
        timeZone,
      })
      await reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes))
    })
  }
}
