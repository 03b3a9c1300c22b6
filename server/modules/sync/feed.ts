import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { CovidAuthor } from '../../../src/contract/schemas/covid'
import type { Change, ChangesPage, SyncedEntity } from '../../../src/contract/schemas/sync'
import type { Tx } from '../../db/client'
import { rowsOf, uuidArray } from '../../db/raw-sql'
import {
  admissionExams,
  attachments,
  changeLogHorizon,
  covidTests,
  encounters,
  patients,
  periodicExams,
  recordSections,
  triageConsultations,
  triageDeclines,
  triageReclassifications,
  vaccinationRecords,
} from '../../db/schema'
import {
  type ConsultationRow,
  type CovidTestRow,
  type DeclineRow,
  presentConsultation,
  presentCovidTest,
  presentDecline,
  presentReclassification,
  type ReclassificationRow,
  withAuthors,
} from '../covid/triage'
import { type AdmissionExamRow, presentAdmissionExams } from '../operation/admission-exams'
import { type AttachmentRow, presentAttachment } from '../operation/attachments'
import { amendmentsOf, authorsOf, type EncounterRow, presentEncounter } from '../operation/encounters'
import { presentReports, type ReportKind, type ReportRow } from '../operation/medical-reports'
import { assigneesOf } from '../operation/patient-assignees'
import { presentPatient } from '../operation/patients'
import { type PeriodicExamRow, presentPeriodicExams } from '../operation/periodic-exams'
import { presentReading, READING_TABLES, type ReadingTable, recordersOf } from '../operation/readings'
import { presentRecordSection, type RecordSectionRow } from '../operation/record-sections'
import { REPORT_KINDS } from '../operation/report-kinds'
import { presentVaccinationRecords, type VaccinationRecordRow } from '../vaccination/records'

type PatientRow = typeof patients.$inferSelect

/**
 * Whose records a user's feed carries: the whole tenant's, those of the patients assigned to one
 * professional (plus the notes addressed to them), one patient's, or none.
 */
export type FeedScope =
  | { kind: 'tenant' }
  | { kind: 'assigned'; userId: string }
  | { kind: 'patient'; patientId: string }
  | { kind: 'none' }

interface LogRow {
  seq: number
  txid: string
  entity: SyncedEntity
  entity_id: string
  op: 'upsert' | 'delete'
  version: number
}

const parseCursor = (cursor: string | undefined): [string, number] => {
  if (!cursor) return ['0', 0]
  const [txid = '0', seq = '0'] = cursor.split('.')
  return [txid, Number(seq)]
}

/** Whether the cursor points below what the log still keeps: the device must start over. */
async function pastRetention(tx: Tx, tenantId: string, cursor: string | undefined): Promise<boolean> {
  if (!cursor) return false
  const [horizon] = await tx.select().from(changeLogHorizon).where(eq(changeLogHorizon.tenantId, tenantId))
  if (!horizon) return false
  const [txid, seq] = parseCursor(cursor)
  const [row] = (
    (await tx.execute(
      sql`select (${txid}::xid8, ${seq}::bigint) < (${horizon.txid}::xid8, ${horizon.seq}::bigint) as past`,
    )) as unknown as {
      rows: Array<{ past: boolean }>
    }
  ).rows
  return row?.past === true
}

type SyncedTable =
  | typeof patients
  | ReadingTable
  | typeof recordSections
  | typeof encounters
  | typeof attachments
  | typeof triageConsultations
  | typeof triageDeclines
  | typeof triageReclassifications
  | typeof covidTests
  | typeof vaccinationRecords
  | typeof periodicExams
  | typeof admissionExams
  | ReportKind['table']

/**
 * A table's rows by id, in Drizzle's shape (camelCase keys, the column modes' values), read as
 * one JSON text that JSON.parse turns into objects: on the embedded database a page of a
 * thousand patients costs about a third of decoding them column by column. Each column is named
 * by its property in the query itself, so the parsed objects need no renaming. Each timestamp is
 * sent as its text, the very string Drizzle's `mode: 'string'` gives (feed.test.ts holds it).
 */
async function rowsById(tx: Tx, table: SyncedTable, ids: string[]): Promise<Array<Record<string, unknown>>> {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>)
  const select = sql.join(
    columns.map(([key, column]) =>
      column.getSQLType().startsWith('timestamp')
        ? sql`${sql.identifier(column.name)}::text as ${sql.identifier(key)}`
        : sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  )
  const [result] = await rowsOf<{ rows: string }>(
    tx,
    sql`select coalesce(json_agg(r), '[]')::text as rows
          from (select ${select} from ${table} where id = any(${uuidArray(ids)})) r`,
  )
  return JSON.parse(result?.rows ?? '[]') as Array<Record<string, unknown>>
}

/**
 * The current rows of the named records, presented as the API does, by `entity:id`: what the feed
 * sends for a change, and what the digital record gathers of a patient (ephi/digital-record.ts),
 * so a record reads the same on the device and on the server.
 */
export async function currentRows(
  tx: Tx,
  rows: ReadonlyArray<Pick<LogRow, 'entity' | 'entity_id'>>,
): Promise<Map<string, { data: Record<string, unknown>; deleted: boolean; version: number }>> {
  const found = new Map<string, { data: Record<string, unknown>; deleted: boolean; version: number }>()
  const idsOf = (entity: SyncedEntity) => [
    ...new Set(rows.filter((r) => r.entity === entity).map((r) => r.entity_id)),
  ]
  const patientIds = idsOf('patient')
  if (patientIds.length > 0) {
    // Who has each patient in their care travels with it (the list's column and filter offline).
    const assignees = await assigneesOf(tx, patientIds)
    for (const row of (await rowsById(tx, patients, patientIds)) as PatientRow[]) {
      // The assignees join the presented patient itself: a page copies no patient twice.
      const data = presentPatient(row) as unknown as Record<string, unknown>
      const held = assignees.get(row.id)
      data.assigned_user_ids = held?.assigned_user_ids ?? []
      data.assigned_user_names = held?.assigned_user_names ?? []
      found.set(`patient:${row.id}`, {
        data,
        deleted: row.deletedAt !== null,
        version: row.version,
      })
    }
  }
  for (const [entity, table] of Object.entries(READING_TABLES) as Array<
    [keyof typeof READING_TABLES, ReadingTable]
  >) {
    const ids = idsOf(entity)
    if (ids.length === 0) continue
    const rows = await rowsById(tx, table, ids)
    const recorders = await recordersOf(tx, rows)
    for (const row of rows) {
      found.set(`${entity}:${row.id}`, {
        data: { ...presentReading(row), recorded_by: recorders.get(row) ?? null },
        deleted: row.deletedAt !== null,
        version: row.version as number,
      })
    }
  }
  const entryIds = idsOf('record-section')
  if (entryIds.length > 0) {
    for (const row of (await rowsById(tx, recordSections, entryIds)) as RecordSectionRow[]) {
      found.set(`record-section:${row.id}`, {
        data: presentRecordSection(row) as unknown as Record<string, unknown>,
        deleted: row.deletedAt !== null,
        version: row.version,
      })
    }
  }
  const encounterIds = idsOf('encounter')
  if (encounterIds.length > 0) {
    const rows = (await rowsById(tx, encounters, encounterIds)) as EncounterRow[]
    const authors = await authorsOf(
      tx,
      rows.map((row) => row.createdBy),
    )
    // The history travels with the consultation: the device shows and prints it offline (0024).
    const amendments = await amendmentsOf(
      tx,
      rows.map((row) => row.id),
    )
    for (const row of rows) {
      found.set(`encounter:${row.id}`, {
        data: {
          ...presentEncounter(row, (row.createdBy && authors.get(row.createdBy)) || null),
          amendments: amendments.get(row.id) ?? [],
        } as unknown as Record<string, unknown>,
        deleted: row.deletedAt !== null,
        version: row.version,
      })
    }
  }
  const attachmentIds = idsOf('attachment')
  if (attachmentIds.length > 0) {
    for (const row of (await rowsById(tx, attachments, attachmentIds)) as AttachmentRow[]) {
      found.set(`attachment:${row.id}`, {
        data: presentAttachment(row) as unknown as Record<string, unknown>,
        deleted: row.deletedAt !== null,
        version: row.version,
      })
    }
  }
  // COVID triage and follow-up (decision 0025): a reclassification's overwrite of a consultation
  // travels as that consultation's new version.
  type CovidRow = ConsultationRow | DeclineRow | ReclassificationRow | CovidTestRow
  type Present = (row: CovidRow, author: CovidAuthor | null) => unknown
  const covidKinds: Array<[SyncedEntity, SyncedTable, Present]> = [
    ['covid-consultation', triageConsultations, presentConsultation as Present],
    ['covid-decline', triageDeclines, presentDecline as Present],
    ['covid-reclassification', triageReclassifications, presentReclassification as Present],
    ['covid-test', covidTests, presentCovidTest as Present],
  ]
  for (const [entity, table, present] of covidKinds) {
    const ids = idsOf(entity)
    if (ids.length === 0) continue
    const rows = (await rowsById(tx, table, ids)) as CovidRow[]
    const presented = await withAuthors(tx, rows, present)
    rows.forEach((row, index) => {
      found.set(`${entity}:${row.id}`, {
        data: presented[index] as unknown as Record<string, unknown>,
        deleted: 'deletedAt' in row && row.deletedAt !== null,
        version: row.version,
      })
    })
  }
  // Vaccination records (issue 21), each with its amendments, as the show call answers them.
  const vaccinationIds = idsOf('vaccination-record')
  if (vaccinationIds.length > 0) {
    const rows = (await rowsById(tx, vaccinationRecords, vaccinationIds)) as VaccinationRecordRow[]
    const presented = await presentVaccinationRecords(tx, rows)
    rows.forEach((row, index) => {
      found.set(`vaccination-record:${row.id}`, {
        data: presented[index] as unknown as Record<string, unknown>,
        deleted: row.deletedAt !== null,
        version: row.version,
      })
    })
  }
  // Occupational exams (issue 22), each with its rows and amendments, as the show calls answer them.
  const periodicIds = idsOf('periodic-exam')
  if (periodicIds.length > 0) {
    const rows = (await rowsById(tx, periodicExams, periodicIds)) as PeriodicExamRow[]
    const presented = await presentPeriodicExams(tx, rows)
    rows.forEach((row, index) => {
      found.set(`periodic-exam:${row.id}`, {
        data: presented[index] as unknown as Record<string, unknown>,
        deleted: row.deletedAt !== null,
        version: row.version,
      })
    })
  }
  const admissionIds = idsOf('admission-exam')
  if (admissionIds.length > 0) {
    const rows = (await rowsById(tx, admissionExams, admissionIds)) as AdmissionExamRow[]
    const presented = await presentAdmissionExams(tx, rows)
    rows.forEach((row, index) => {
      found.set(`admission-exam:${row.id}`, {
        data: presented[index] as unknown as Record<string, unknown>,
        deleted: row.deletedAt !== null,
        version: row.version,
      })
    })
  }
  // The medical reports (issue 23), each with its amendments, as the show calls answer them.
  for (const kind of REPORT_KINDS) {
    const ids = idsOf(kind.entity)
    if (ids.length === 0) continue
    const rows = (await rowsById(tx, kind.table, ids)) as ReportRow[]
    const presented = await presentReports(tx, kind, rows)
    rows.forEach((row, index) => {
      found.set(`${kind.entity}:${row.id}`, {
        data: presented[index] as unknown as Record<string, unknown>,
        deleted: row.deletedAt !== null,
        version: row.version,
      })
    })
  }
  return found
}

/**
 * The log read for the whole tenant, or for one patient (patient mode): the changes meant for
 * everyone (`audience is null`); notes addressed to one user belong to that user's feed alone.
 */
function wholeQuery(patientId: string | null, cursor: string | undefined, limit: number): SQL {
  const [txid, seq] = parseCursor(cursor)
  const onlyPatient = patientId ? sql`and patient_id = ${patientId}` : sql``
  // Ordered by the xid8 column itself, qualified: a bare `txid` would name the text alias, whose
  // order differs from the transactions' ('999' > '1000'), so a page could step over changes;
  // and only the column's order is the cursor index's, which spares a sort of the whole log.
  return sql`
    select seq, txid::text as txid, entity, entity_id, op, version
      from change_log
     where (txid, seq) > (${txid}::xid8, ${seq}::bigint)
       and txid < pg_snapshot_xmin(pg_current_snapshot())
       and audience is null
       ${onlyPatient}
     order by change_log.txid, change_log.seq
     limit ${limit + 1}`
}

/**
 * The log read for a professional who sees their assignments: the notes addressed to them (an
 * assignment brought a patient, or took one away), and everyone's changes of each patient now
 * assigned to them. Each part is a range scan of its own index (audience, or patient then
 * cursor) cut at the page size, so the read costs the page and the number of assignments, not
 * the length of the tenant's log; the merge keeps the transaction order of the whole feed.
 */
function assignedQuery(tenantId: string, userId: string, cursor: string | undefined, limit: number): SQL {
  const [txid, seq] = parseCursor(cursor)
  const after = sql`(log.txid, log.seq) > (${txid}::xid8, ${seq}::bigint)
       and log.txid < pg_snapshot_xmin(pg_current_snapshot())`
  return sql`
    select merged.seq, merged.txid::text as txid, merged.entity, merged.entity_id, merged.op, merged.version
      from (
        (select log.seq, log.txid, log.entity, log.entity_id, log.op, log.version
           from change_log as log
          where log.tenant_id = ${tenantId} and log.audience = ${userId} and ${after}
          order by log.txid, log.seq
          limit ${limit + 1})
        union all
        (select mine.seq, mine.txid, mine.entity, mine.entity_id, mine.op, mine.version
           from patient_assignments as assignment
           cross join lateral (
             select log.seq, log.txid, log.entity, log.entity_id, log.op, log.version
               from change_log as log
              where log.tenant_id = ${tenantId} and log.patient_id = assignment.patient_id
                and log.audience is null and ${after}
              order by log.txid, log.seq
              limit ${limit + 1}) as mine
          where assignment.user_id = ${userId} and assignment.ended_at is null)
      ) as merged
     order by merged.txid, merged.seq
     limit ${limit + 1}`
}

/**
 * One page of the change feed after `cursor` (DESIGN §5): only changes of transactions older
 * than every transaction still running (so a late commit is never skipped), each record once
 * with its current data, deletes as tombstones.
 */
export async function changesAfter(
  tx: Tx,
  tenantId: string,
  scope: FeedScope,
  cursor: string | undefined,
  limit: number,
): Promise<ChangesPage> {
  if (scope.kind === 'none') return { changes: [], cursor: cursor ?? null, hasMore: false, reset: false }
  if (await pastRetention(tx, tenantId, cursor))
    return { changes: [], cursor: null, hasMore: false, reset: true }
  const found = await rowsOf<LogRow>(
    tx,
    scope.kind === 'assigned'
      ? assignedQuery(tenantId, scope.userId, cursor, limit)
      : wholeQuery(scope.kind === 'patient' ? scope.patientId : null, cursor, limit),
  )
  const rows = found.map((row) => ({ ...row, seq: Number(row.seq), version: Number(row.version) }))
  const page = rows.slice(0, limit)
  const current = await currentRows(tx, page)
  // Each record once, at its latest change in the page, with what it holds now.
  const latest = new Map<string, LogRow>()
  for (const row of page) latest.set(`${row.entity}:${row.entity_id}`, row)
  const changes: Change[] = [...latest.entries()].map(([key, row]) => {
    const now = current.get(key)
    if (!now || now.deleted || row.op === 'delete') {
      return {
        entity: row.entity,
        id: row.entity_id,
        op: 'delete',
        version: now?.version ?? row.version,
        data: null,
      }
    }
    return { entity: row.entity, id: row.entity_id, op: 'upsert', version: now.version, data: now.data }
  })
  const last = page.at(-1)
  return {
    changes,
    cursor: last ? `${last.txid}.${last.seq}` : (cursor ?? null),
    hasMore: rows.length > limit,
    reset: false,
  }
}
