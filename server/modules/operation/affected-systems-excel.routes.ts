import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { affectedSystemsExcel } from '../../../src/contract/endpoints/dashboard'
import type { AffectedSystemsExcelQuery } from '../../../src/contract/schemas/dashboard'
import {
  AFFECTED_SYSTEMS_FILE_NAME,
  AFFECTED_SYSTEMS_SHEET_NAME,
  affectedSystemsIndex,
  affectedSystemsSheet,
  type IndexPatient,
} from '../../../src/documents/affected-systems-rows'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import type { Tx } from '../../db/client'
import { catalogueEntries, encounters, patients, specialSublabels } from '../../db/schema'
import { assignedTo, assignedUserOf } from '../../platform/assignment-scope'
import { route } from '../../platform/route'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'
import { isoOf } from '../covid/triage'

/**
 * The sublabels a patient must carry one of: the sublabel asked, or every live sublabel of the
 * label asked; null without a special-label filter.
 */
async function sublabelsOf(tx: Tx, query: AffectedSystemsExcelQuery): Promise<string[] | null> {
  if (query.sublabel) return [query.sublabel]
  if (!query.special_label) return null
  const rows = await tx
    .select({ id: specialSublabels.id })
    .from(specialSublabels)
    .where(and(eq(specialSublabels.specialLabelId, query.special_label), isNull(specialSublabels.deletedAt)))
  return rows.map((row) => row.id)
}

/** A coarse bound on the consultations' instants: a day either side of the period (zones differ). */
function nearPeriod(query: AffectedSystemsExcelQuery): SQL[] {
  const bounds: SQL[] = []
  if (query.from) bounds.push(sql`${encounters.startedAt} >= ${query.from}::date - 1`)
  if (query.to) bounds.push(sql`${encounters.startedAt} < ${query.to}::date + 2`)
  return bounds
}

/**
 * `GET /patients/affected-systems/excel/{filters}` (SPEC §7 exports; issue 24): the affected
 * systems' concentrated index over the caller's patients as `sistemas_afectados_DD_MM_YYYY.xlsx`.
 * The rows come from `affectedSystemsIndex`, the function the device's index runs over its cache,
 * with the period's days read in the device's `time_zone` when it sends one (else central
 * Mexico's). Audited with the patients it names.
 */
export async function affectedSystemsExcelRoutes(app: FastifyInstance) {
  route(app, affectedSystemsExcel, async ({ query }, req, reply) => {
    const rows = await req.withTenant(async (tx) => {
      const userId = assignedUserOf(req)
      const consultations = await tx
        .select({
          id: encounters.id,
          patient_id: encounters.patientId,
          started_at: encounters.startedAt,
          diagnoses: encounters.diagnoses,
        })
        .from(encounters)
        .where(
          and(
            isNull(encounters.deletedAt),
            ...nearPeriod(query),
            userId ? assignedTo(userId, encounters.patientId) : undefined,
          ),
        )
      const ids = [...new Set(consultations.map((row) => row.patient_id))]
      const people: IndexPatient[] =
        ids.length === 0
          ? []
          : await tx
              .select({
                id: patients.id,
                name: patients.name,
                last_name: patients.lastName,
                second_last_name: patients.secondLastName,
                payroll_number: patients.payrollNumber,
                curp: patients.curp,
                subgroups: patients.subgroups,
                special_sublabel_ids: patients.specialSublabelIds,
              })
              .from(patients)
              .where(and(inArray(patients.id, ids), isNull(patients.deletedAt)))
      const systems = await tx
        .select({ id: catalogueEntries.id, name: catalogueEntries.name })
        .from(catalogueEntries)
        .where(and(eq(catalogueEntries.catalogue, 'affected_system'), isNull(catalogueEntries.deletedAt)))
      const { rows: found } = affectedSystemsIndex(
        people,
        consultations.map((row) => ({ ...row, started_at: isoOf(row.started_at) })),
        {
          period: { from: query.from ?? null, to: query.to ?? null },
          subgroup: query.subgroup ?? null,
          sublabels: await sublabelsOf(tx, query),
          timeZone: query.time_zone ?? DOCUMENT_TIME_ZONE,
          affectedSystem: query.affected_system ?? null,
          diagnosis: query.diagnosis ?? null,
        },
        new Map(systems.map((system) => [system.id, system.name])),
      )
      await req.audit(tx, {
        action: 'affected-systems.export',
        entity: 'patient',
        entityId: null,
        details: { filters: query, patients: [...new Set(found.map((row) => row.patient_id))] },
      })
      return found
    })
    const sheet = affectedSystemsSheet(rows, req.lang)
    await sendWorkbook(
      reply,
      downloadName(AFFECTED_SYSTEMS_FILE_NAME[req.lang]),
      workbookOf(AFFECTED_SYSTEMS_SHEET_NAME[req.lang], sheet.header, sheet.cells),
    )
  })
}
