import { asc, eq, inArray } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type {
  ReportAuthor,
  ReportFieldChange,
  ReportRecord,
} from '../../../src/contract/schemas/report-amendments'
import type { SyncedEntity } from '../../../src/contract/schemas/sync'
import type { Tx } from '../../db/client'
import {
  disabilities,
  disabilityAmendments,
  healthCertificateAmendments,
  healthCertificates,
  incidentReportAmendments,
  incidentReports,
  shortHistories,
  shortHistoryAmendments,
} from '../../db/schema'
import { ValidationError } from '../../platform/errors'
import { type MessageKey, translate } from '../../platform/messages'
import { authorsOf, liveEntries, sameJson } from './encounters'

/**
 * What the four medical reports of issue 23 share (decision 0028): a row whose columns are the
 * API's fields in camelCase, its author, its amendments (NOM-004) and its sync columns. One
 * description per report (`ReportKind`) and the functions here serve them all, so a short
 * clinical history, a certificate, a disability and an ST-7 are created, amended, deleted,
 * presented and fed alike (medical-report.routes.ts).
 */

export type ReportTable =
  | typeof shortHistories
  | typeof healthCertificates
  | typeof disabilities
  | typeof incidentReports

/**
 * The four amendments tables have the same columns (`amendmentsOf` in the schema); typed as one
 * of them, the others are the same shape under another name.
 */
export type AmendmentsTable = typeof shortHistoryAmendments

/** A report's row, whichever table: the shared columns typed, its fields by their column names. */
export type ReportRow = typeof shortHistories.$inferSelect & Record<string, unknown>

export interface ReportKind {
  /** The change feed's and the audit's name of the report. */
  entity: Extract<SyncedEntity, 'short-history' | 'health-certificate' | 'disability' | 'incident-report'>
  /** Typed as one report table for the shared columns the queries use. */
  table: typeof shortHistories
  amendments: AmendmentsTable
  /** The fields a person fills in and amends (the contract's `*_FIELDS` keys). */
  fields: readonly string[]
  /** The day a patient's list is ordered by, newest first. */
  day: string
  /**
   * The checks the contract's schema cannot make alone, on the report as a create or an
   * amendment leaves it (`fields`), of what changed (`changed`): rules across fields, catalogue
   * entries, records it links. Throws a ValidationError (422) naming the fields.
   */
  check?: (
    tx: Tx,
    req: FastifyRequest,
    fields: Record<string, unknown>,
    changed: Record<string, unknown>,
    patientId: string,
  ) => Promise<void>
  /** Values answered beside the fields (catalogue names), one object per row. */
  extras?: (tx: Tx, rows: readonly ReportRow[]) => Promise<Record<string, unknown>[]>
}

/** The kinds' tables, typed as the one the shared queries are written against (same shared columns). */
export const REPORT_TABLES = {
  'short-history': { table: shortHistories, amendments: shortHistoryAmendments },
  'health-certificate': {
    table: healthCertificates as unknown as typeof shortHistories,
    amendments: healthCertificateAmendments as unknown as AmendmentsTable,
  },
  disability: {
    table: disabilities as unknown as typeof shortHistories,
    amendments: disabilityAmendments as unknown as AmendmentsTable,
  },
  'incident-report': {
    table: incidentReports as unknown as typeof shortHistories,
    amendments: incidentReportAmendments as unknown as AmendmentsTable,
  },
} as const

const camelOf = (field: string) => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())

/** The columns the given fields write; anything else in `fields` is not taken. */
export function columnsOf(kind: ReportKind, fields: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {}
  for (const field of kind.fields) {
    if (field in fields) columns[camelOf(field)] = fields[field] ?? null
  }
  return columns
}

/** A row's fields as the API names them (absent as null). */
export function fieldsOf(kind: ReportKind, row: ReportRow): Record<string, unknown> {
  return Object.fromEntries(kind.fields.map((field) => [field, row[camelOf(field)] ?? null]))
}

/** Whether a create repeats an earlier one: the same id, patient and fields (DESIGN §5). */
export function sameCreate(
  kind: ReportKind,
  row: ReportRow,
  patientId: string,
  fields: Record<string, unknown>,
): boolean {
  if (row.patientId !== patientId) return false
  const stored = fieldsOf(kind, row)
  return kind.fields.every((field) => sameJson(stored[field] ?? null, fields[field] ?? null))
}

/** What an amendment really changes: each field whose value differs, before and after (NOM-004). */
export function fieldChanges(
  kind: ReportKind,
  row: ReportRow,
  changes: Record<string, unknown>,
): Record<string, ReportFieldChange> {
  const before = fieldsOf(kind, row)
  const found: Record<string, ReportFieldChange> = {}
  for (const field of kind.fields) {
    if (!(field in changes)) continue
    const now = changes[field] ?? null
    if (!sameJson(before[field], now)) found[field] = { before: before[field], after: now }
  }
  return found
}

export async function findReport(tx: Tx, kind: ReportKind, id: string): Promise<ReportRow | null> {
  const [row] = await tx.select().from(kind.table).where(eq(kind.table.id, id))
  return (row as ReportRow | undefined) ?? null
}

/** The amendments of the given reports, oldest first, each with its author's name. */
async function amendmentsOf(tx: Tx, kind: ReportKind, ids: string[]) {
  const found = new Map<string, ReportRecord['amendments']>(ids.map((id) => [id, []]))
  if (ids.length === 0) return found
  const rows = await tx
    .select()
    .from(kind.amendments)
    .where(inArray(kind.amendments.reportId, ids))
    .orderBy(asc(kind.amendments.version))
  const authors = await authorsOf(
    tx,
    rows.map((row) => row.amendedBy),
  )
  for (const row of rows) {
    const author = row.amendedBy ? authors.get(row.amendedBy) : undefined
    found.get(row.reportId)?.push({
      id: row.id,
      version: row.version,
      amended_at: row.amendedAt,
      amended_by: author ? { id: author.id, name: author.name } : null,
      changes: row.changes,
    })
  }
  return found
}

/**
 * Rows as the API, the change feed and the documents answer them: the fields, the author with
 * title and cédula, the amendments, the sync columns, and the kind's extras. Three statements
 * for any number of rows.
 */
export async function presentReports<T extends ReportRecord>(
  tx: Tx,
  kind: ReportKind,
  rows: readonly ReportRow[],
): Promise<T[]> {
  const authors = await authorsOf(
    tx,
    rows.map((row) => row.createdBy),
  )
  const amendments = await amendmentsOf(
    tx,
    kind,
    rows.map((row) => row.id),
  )
  const extras = kind.extras ? await kind.extras(tx, rows) : []
  return rows.map((row, index) => {
    const author: ReportAuthor | null = (row.createdBy && authors.get(row.createdBy)) || null
    const record: ReportRecord = {
      id: row.id,
      patient_id: row.patientId,
      author,
      amendments: amendments.get(row.id) ?? [],
      version: row.version,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
      deleted_at: row.deletedAt ?? null,
    }
    // The record's type is the kind's contract interface: these fields are its own.
    return { ...fieldsOf(kind, row), ...extras[index], ...record } as unknown as T
  })
}

export async function presentReport<T extends ReportRecord>(
  tx: Tx,
  kind: ReportKind,
  row: ReportRow,
): Promise<T> {
  const [presented] = await presentReports<T>(tx, kind, [row])
  return presented as T
}

/** Per-field 422s gathered by a kind's check, thrown at once in the request's language. */
export class FieldProblems {
  private readonly errors: Record<string, string[]> = {}
  constructor(private readonly req: FastifyRequest) {}
  add(field: string, key: MessageKey): void {
    this.errors[field] = [translate(key, this.req.lang)]
  }
  throwAny(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors)
  }
}

/**
 * Notes a problem on `field` unless the id it holds, when the write changes it, is a live and
 * active entry of the tenant's catalogue: an old report keeps an entry the catalogue dropped
 * since, as a consultation does.
 */
export async function checkCatalogueEntry(
  tx: Tx,
  problems: FieldProblems,
  changed: Record<string, unknown>,
  field: string,
  catalogue: string,
): Promise<void> {
  const id = changed[field]
  if (typeof id !== 'string') return
  if (!(await liveEntries(tx, catalogue, [id])).has(id)) problems.add(field, 'catalogue.unknownParent')
}
