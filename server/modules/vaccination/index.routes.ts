import { and, asc, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { vaccinationDownload, vaccinationFilters } from '../../../src/contract/endpoints/vaccination'
import type { VaccinationFilters } from '../../../src/contract/schemas/vaccination-records'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { type DueRecord, dueCatalogueOf } from '../../../src/documents/vaccination-due-inputs'
import {
  type IndexPatient,
  matchesVaccinationFilters,
  vaccinationFiltersOf,
  vaccinationIndexRowOf,
  vaccinationSheet,
} from '../../../src/documents/vaccination-rows'
import { zonedDayAndTime } from '../../../src/documents/zoned-time'
import { patients, vaccinationRecords } from '../../db/schema'
import { patientScope } from '../../platform/assignment-scope'
import { route } from '../../platform/route'
import { sendWorkbook, workbookOf } from '../configuration/spreadsheet'
import { subgroupsInUse } from '../operation/patient-rules'
import { vaccinationCatalogue } from './vaccination-data'

/**
 * SPEC §7 `GET /vaccination/download{filters}`: the `/vaccinations` index as a spreadsheet. Each
 * live patient in the caller's care gets the row the device's index makes (`vaccinationIndexRowOf`
 * on today's day in the asked zone), filtered and laid out by the same shared functions, so the
 * server's file and the device's agree. Audited with the patients it holds.
 */
export async function vaccinationIndexRoutes(app: FastifyInstance) {
  route(app, vaccinationDownload, async ({ query }, req, reply) => {
    const today = zonedDayAndTime(new Date(), query.time_zone ?? DOCUMENT_TIME_ZONE).day
    const { rows, names } = await req.withTenant(async (tx) => {
      const found = await tx
        .select()
        .from(patients)
        .where(and(isNull(patients.deletedAt), patientScope(req, patients.id)))
        .orderBy(asc(patients.lastName), asc(patients.name))
      const records = await tx.select().from(vaccinationRecords).where(isNull(vaccinationRecords.deletedAt))
      const catalogue = await vaccinationCatalogue(tx)
      const due = dueCatalogueOf(catalogue.vaccines, catalogue.scheme)
      const byPatient = new Map<string, DueRecord[]>()
      for (const record of records) {
        const list = byPatient.get(record.patientId) ?? []
        list.push({
          vaccine_id: record.vaccineId,
          dose_number: record.doseNumber,
          applied_on: record.appliedOn,
          booster: record.booster,
        })
        byPatient.set(record.patientId, list)
      }
      const kept = found.flatMap((row) => {
        const patient: IndexPatient = {
          id: row.id,
          name: row.name,
          last_name: row.lastName,
          second_last_name: row.secondLastName,
          payroll_number: row.payrollNumber,
          curp: row.curp,
          birth_date: row.birthDate,
          biological_sex: row.biologicalSex,
          subgroups: row.subgroups,
          occupational_risks: row.occupationalRisks,
        }
        const indexRow = vaccinationIndexRowOf(due, patient, byPatient.get(row.id) ?? [], today)
        return matchesVaccinationFilters(indexRow, patient, query) ? [indexRow] : []
      })
      await req.audit(tx, {
        action: 'vaccination.export',
        entity: 'patient',
        entityId: null,
        details: { filters: query, patients: kept.map((row) => row.patient_id) },
      })
      return { rows: kept, names: new Map(catalogue.vaccines.map((entry) => [entry.id, entry.name])) }
    })
    const sheet = vaccinationSheet(rows, names, req.lang, today)
    await sendWorkbook(reply, sheet.fileName, workbookOf(sheet.sheetName, sheet.header, sheet.cells))
  })
}

/**
 * SPEC §7 `GET /get-filters/vaccinations`: what the index filters by, named in the request's
 * language. It lives with the other filter lists under `/api/operation`, so the operation module
 * registers it.
 */
export async function vaccinationFilterRoutes(app: FastifyInstance) {
  route(app, vaccinationFilters, async (_input, req) =>
    req.withTenant(async (tx): Promise<VaccinationFilters> => {
      const catalogue = await vaccinationCatalogue(tx)
      return vaccinationFiltersOf(req.lang, catalogue.vaccines, await subgroupsInUse(tx))
    }),
  )
}
