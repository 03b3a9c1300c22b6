import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { vaccinationCardPdf } from '../../../src/contract/endpoints/vaccination'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { vaccinationCardOf } from '../../../src/documents/vaccination-card'
import { buildVaccinationCardPdf } from '../../../src/documents/vaccination-card-pdf'
import { nationalities, patients, vaccinationRecords } from '../../db/schema'
import { assertLivePatientInScope } from '../../platform/assignment-scope'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { route } from '../../platform/route'
import { patientOf } from '../operation/encounter-documents.routes'
import { tenantLogo } from '../operation/tenant-logo'
import { cardRecordOf, vaccinationCatalogue } from './vaccination-data'

/**
 * `GET /vaccination/user/pdf?id={patient}` (SPEC §7 "Vaccination service"): the patient's
 * vaccination card, built by the builder the device runs offline from the same data
 * (`vaccinationCardOf`), so both print the same card for the same records, catalogue and moment.
 * Its due dates are worked out on today's day in the asked zone (the tenant's by default).
 * Reading it is reading the patient's record: scoped (404 outside the caller's care), audited.
 */
export async function vaccinationCardRoutes(app: FastifyInstance, opts: { files: FileStore }) {
  route(app, vaccinationCardPdf, async ({ query }, req, reply) => {
    const tenant = req.tenant
    if (!tenant) throw new NotFoundError()
    const language = req.lang
    const input = await req.withTenant(async (tx) => {
      await assertLivePatientInScope(tx, req, query.id)
      const [patient] = await tx.select().from(patients).where(eq(patients.id, query.id))
      if (!patient) throw new NotFoundError()
      const rows = await tx
        .select()
        .from(vaccinationRecords)
        .where(and(eq(vaccinationRecords.patientId, query.id), isNull(vaccinationRecords.deletedAt)))
      const records = rows.map(cardRecordOf)
      const abroad = [...new Set(records.flatMap((record) => record.country_code ?? []))]
      const countries = new Map<string, string>()
      for (const code of abroad) {
        const [found] = await tx.select().from(nationalities).where(eq(nationalities.code, code))
        if (found) countries.set(found.code, found.country)
      }
      const catalogue = await vaccinationCatalogue(tx)
      await req.audit(tx, { action: 'vaccination-card.pdf', entity: 'patient', entityId: query.id })
      return vaccinationCardOf(
        catalogue,
        {
          birth_date: patient.birthDate,
          biological_sex: patient.biologicalSex,
          subgroups: patient.subgroups,
          occupational_risks: patient.occupationalRisks,
        },
        records,
        {
          language,
          timeZone: query.time_zone ?? DOCUMENT_TIME_ZONE,
          generatedAt: new Date(),
          tenant: {
            name: tenant.tradeName,
            logo: await tenantLogo(opts.files, tenant.logoUrl),
            address: null,
          },
          patient: { ...(await patientOf(tx, query.id, language)), payroll_number: patient.payrollNumber },
          countries,
        },
      )
    })
    const { bytes, fileName } = buildVaccinationCardPdf(input)
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(bytes))
  })
}
