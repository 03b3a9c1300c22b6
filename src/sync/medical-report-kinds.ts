import type { EntityTable } from 'dexie'
import type * as v from 'valibot'
import type { FileOwner } from '../contract/endpoints/attachments'
import { disabilityFiles, disabilitySignatureFiles } from '../contract/endpoints/disabilities'
import { incidentReportFiles } from '../contract/endpoints/incident-reports'
import { shortHistoryFiles } from '../contract/endpoints/short-histories'
import { disabilityDaysProblem } from '../contract/rules/disability-days'
import { type CertificateResult, certificateProblems } from '../contract/rules/health-certificate'
import { incidentReportProblem } from '../contract/rules/incident-report'
import {
  AmendDisabilityRequest,
  CreateDisabilityRequest,
  DISABILITY_FIELDS,
} from '../contract/schemas/disabilities'
import {
  AmendCertificateRequest,
  CERTIFICATE_FIELDS,
  CreateCertificateRequest,
} from '../contract/schemas/health-certificates'
import {
  AmendIncidentReportRequest,
  CreateIncidentReportRequest,
  INCIDENT_REPORT_FIELDS,
} from '../contract/schemas/incident-reports'
import type { ReportRecord } from '../contract/schemas/report-amendments'
import {
  AmendShortHistoryRequest,
  CreateShortHistoryRequest,
  SHORT_HISTORY_FIELDS,
} from '../contract/schemas/short-histories'
import type {
  LocalDb,
  LocalDisability,
  LocalHealthCertificate,
  LocalIncidentReport,
  LocalReport,
  LocalShortHistory,
  MutationKind,
  SyncEntity,
} from '../db/local-db'
import { syncPaths } from './paths'

/**
 * The four medical reports of issue 23 as the device writes them (decision 0028), mirroring the
 * server's `report-kinds.ts`: one description each — its table, its calls, its fields, the rules
 * across fields its amendment is judged by, the files it has — and one set of mutators
 * (`medical-report-mutators.ts`) for all four. A fifth report is a description here.
 */

/** A problem of a report as a write leaves it, on the field a form marks (a message key). */
export interface ReportProblem {
  field: string
  message: string
}

/** A kind of file a report has; a `single` one (a drawn signature) replaces the one held. */
export interface ReportFileOwner {
  owner: FileOwner
  single?: boolean
}

export interface DeviceReportKind<
  Row extends LocalReport<ReportRecord> = LocalReport<ReportRecord>,
  Create extends v.GenericSchema = v.GenericSchema,
  Amend extends v.GenericSchema = v.GenericSchema,
> {
  /** The outbox's and the shadows' name; its mutations are `<entity>.create` and so on. */
  entity: Extract<SyncEntity, 'shortHistory' | 'healthCertificate' | 'disability' | 'incidentReport'>
  table: (db: LocalDb) => EntityTable<Row, 'id'>
  fields: readonly string[]
  /** The day a patient's list is ordered by, newest first (indexed with the patient). */
  day: string
  create: { kind: MutationKind; schema: Create; path: string }
  amend: { kind: MutationKind; schema: Amend; path: (id: string) => string }
  /** Where SPEC gives a delete (soft, audited). */
  remove?: { kind: MutationKind; path: (id: string) => string }
  /** The rules across fields, on the report as a create or an amendment leaves it. */
  problems?: (report: Record<string, unknown>) => ReportProblem[]
  /**
   * Fields naming another record of the patient (a consultation, a disability): one recorded
   * here and not yet sent must reach the server first, so the write waits for its create.
   */
  links?: readonly string[]
  files: readonly ReportFileOwner[]
  /** What the server answers beside the fields, worked out from the cache for a write made here. */
  extras?: (db: LocalDb, report: Record<string, unknown>) => Promise<Record<string, unknown>>
}

const keysOf = (entries: object) => Object.keys(entries)

export const SHORT_HISTORY: DeviceReportKind<
  LocalShortHistory,
  typeof CreateShortHistoryRequest,
  typeof AmendShortHistoryRequest
> = {
  entity: 'shortHistory',
  day: 'recorded_on',
  table: (db) => db.shortHistories,
  fields: keysOf(SHORT_HISTORY_FIELDS),
  create: {
    kind: 'shortHistory.create',
    schema: CreateShortHistoryRequest,
    path: syncPaths.createShortHistory,
  },
  amend: { kind: 'shortHistory.update', schema: AmendShortHistoryRequest, path: syncPaths.amendShortHistory },
  remove: { kind: 'shortHistory.delete', path: syncPaths.deleteShortHistory },
  files: [{ owner: shortHistoryFiles }],
}

export const HEALTH_CERTIFICATE: DeviceReportKind<
  LocalHealthCertificate,
  typeof CreateCertificateRequest,
  typeof AmendCertificateRequest
> = {
  entity: 'healthCertificate',
  day: 'issued_on',
  table: (db) => db.healthCertificates,
  fields: keysOf(CERTIFICATE_FIELDS),
  create: {
    kind: 'healthCertificate.create',
    schema: CreateCertificateRequest,
    path: syncPaths.createCertificate,
  },
  amend: {
    kind: 'healthCertificate.update',
    schema: AmendCertificateRequest,
    path: syncPaths.amendCertificate,
  },
  problems: (report) =>
    certificateProblems(
      report as {
        result: CertificateResult
        restrictions: string | null
        valid_from: string
        valid_to: string
      },
    ),
  links: ['encounter_id'],
  files: [],
}

/** The cached catalogue entry's name, inactive ones too (an old disability keeps its words). */
async function entryName(db: LocalDb, id: unknown): Promise<string | null> {
  if (typeof id !== 'string') return null
  return (await db.catalogueEntries.get(id))?.name ?? null
}

export const DISABILITY: DeviceReportKind<
  LocalDisability,
  typeof CreateDisabilityRequest,
  typeof AmendDisabilityRequest
> = {
  entity: 'disability',
  day: 'start_date',
  table: (db) => db.disabilities,
  fields: keysOf(DISABILITY_FIELDS),
  create: { kind: 'disability.create', schema: CreateDisabilityRequest, path: syncPaths.createDisability },
  amend: { kind: 'disability.update', schema: AmendDisabilityRequest, path: syncPaths.amendDisability },
  remove: { kind: 'disability.delete', path: syncPaths.deleteDisability },
  problems: (report) => {
    const problem = disabilityDaysProblem(
      report as { start_date: string; end_date: string; assigned_days: number },
    )
    return problem ? [problem] : []
  },
  files: [{ owner: disabilityFiles }, { owner: disabilitySignatureFiles, single: true }],
  extras: async (db, report) => ({
    type_name: await entryName(db, report.type_id),
    status_name: await entryName(db, report.status_id),
  }),
}

export const INCIDENT_REPORT: DeviceReportKind<
  LocalIncidentReport,
  typeof CreateIncidentReportRequest,
  typeof AmendIncidentReportRequest
> = {
  entity: 'incidentReport',
  day: 'occurred_on',
  table: (db) => db.incidentReports,
  fields: keysOf(INCIDENT_REPORT_FIELDS),
  create: {
    kind: 'incidentReport.create',
    schema: CreateIncidentReportRequest,
    path: syncPaths.createIncidentReport,
  },
  amend: {
    kind: 'incidentReport.update',
    schema: AmendIncidentReportRequest,
    path: syncPaths.amendIncidentReport,
  },
  problems: (report) => {
    const problem = incidentReportProblem(report as { occurred_on: string; attended_on: string })
    return problem ? [problem] : []
  },
  links: ['disability_id'],
  files: [{ owner: incidentReportFiles }],
}

export const DEVICE_REPORT_KINDS = [SHORT_HISTORY, HEALTH_CERTIFICATE, DISABILITY, INCIDENT_REPORT] as const

/** The report a queued mutation writes (its create, amendment or delete), if it is one. */
export function reportKindOfMutation(kind: MutationKind): (typeof DEVICE_REPORT_KINDS)[number] | undefined {
  return DEVICE_REPORT_KINDS.find(
    (report) => report.create.kind === kind || report.amend.kind === kind || report.remove?.kind === kind,
  )
}
