import { and, eq, inArray, isNull } from 'drizzle-orm'
import { disabilityDaysProblem } from '../../../src/contract/rules/disability-days'
import { type CertificateResult, certificateProblems } from '../../../src/contract/rules/health-certificate'
import { incidentReportProblem } from '../../../src/contract/rules/incident-report'
import { DISABILITY_FIELDS } from '../../../src/contract/schemas/disabilities'
import { CERTIFICATE_FIELDS } from '../../../src/contract/schemas/health-certificates'
import { INCIDENT_REPORT_FIELDS } from '../../../src/contract/schemas/incident-reports'
import { SHORT_HISTORY_FIELDS } from '../../../src/contract/schemas/short-histories'
import type { Tx } from '../../db/client'
import { catalogueEntries, disabilities, encounters } from '../../db/schema'
import {
  checkCatalogueEntry,
  FieldProblems,
  REPORT_TABLES,
  type ReportKind,
  type ReportRow,
} from './medical-reports'

/**
 * The four medical reports of issue 23 as the shared routes see them (decision 0028): their
 * tables, fields, the day their lists sort by, and what the server checks beyond the schema.
 */

export const SHORT_HISTORY: ReportKind = {
  entity: 'short-history',
  ...REPORT_TABLES['short-history'],
  fields: Object.keys(SHORT_HISTORY_FIELDS),
  day: 'recordedOn',
}

export const HEALTH_CERTIFICATE: ReportKind = {
  entity: 'health-certificate',
  ...REPORT_TABLES['health-certificate'],
  fields: Object.keys(CERTIFICATE_FIELDS),
  day: 'issuedOn',
  async check(tx, req, fields, changed, patientId) {
    const problems = new FieldProblems(req)
    const certificate = fields as {
      result: CertificateResult
      restrictions: string | null
      valid_from: string
      valid_to: string
    }
    for (const problem of certificateProblems(certificate)) problems.add(problem.field, problem.message)
    const encounterId = changed.encounter_id
    if (typeof encounterId === 'string') {
      const [encounter] = await tx
        .select({ patientId: encounters.patientId })
        .from(encounters)
        .where(and(eq(encounters.id, encounterId), isNull(encounters.deletedAt)))
      if (encounter?.patientId !== patientId) problems.add('encounter_id', 'certificate.unknownEncounter')
    }
    problems.throwAny()
  },
}

/** Catalogue entries' names by id, inactive and removed ones too: an old disability keeps its words. */
async function entryNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(inArray(catalogueEntries.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, row.name]))
}

export const DISABILITY: ReportKind = {
  entity: 'disability',
  ...REPORT_TABLES.disability,
  fields: Object.keys(DISABILITY_FIELDS),
  day: 'startDate',
  async check(tx, req, fields, changed) {
    const problems = new FieldProblems(req)
    const problem = disabilityDaysProblem(
      fields as { start_date: string; end_date: string; assigned_days: number },
    )
    if (problem) problems.add(problem.field, problem.message)
    await checkCatalogueEntry(tx, problems, changed, 'type_id', 'incapacityType')
    await checkCatalogueEntry(tx, problems, changed, 'status_id', 'incapacityStatus')
    problems.throwAny()
  },
  async extras(tx, rows: readonly ReportRow[]) {
    const names = await entryNames(
      tx,
      rows.flatMap((row) => [row.typeId as string, row.statusId as string]),
    )
    return rows.map((row) => ({
      type_name: names.get(row.typeId as string) ?? null,
      status_name: names.get(row.statusId as string) ?? null,
    }))
  },
}

export const INCIDENT_REPORT: ReportKind = {
  entity: 'incident-report',
  ...REPORT_TABLES['incident-report'],
  fields: Object.keys(INCIDENT_REPORT_FIELDS),
  day: 'occurredOn',
  async check(tx, req, fields, changed, patientId) {
    const problems = new FieldProblems(req)
    const problem = incidentReportProblem(fields as { occurred_on: string; attended_on: string })
    if (problem) problems.add(problem.field, problem.message)
    const disabilityId = changed.disability_id
    if (typeof disabilityId === 'string') {
      const [disability] = await tx
        .select({ patientId: disabilities.patientId })
        .from(disabilities)
        .where(and(eq(disabilities.id, disabilityId), isNull(disabilities.deletedAt)))
      if (disability?.patientId !== patientId)
        problems.add('disability_id', 'incidentReport.unknownDisability')
    }
    problems.throwAny()
  },
}

export const REPORT_KINDS = [SHORT_HISTORY, HEALTH_CERTIFICATE, DISABILITY, INCIDENT_REPORT] as const
