import Dexie, { type EntityTable, type Table } from 'dexie'
import type { RecordSection } from '../contract/schemas/record-sections'

/**
 * The device's database (DESIGN §5): one per user and tenant, so two nurses sharing a tablet
 * never see each other's cache. Versions are only ever added, never edited.
 *
 * Cached rows keep the server's own field names (snake_case, as the API answers them) plus
 * `syncState`, so a pulled row, an acknowledged answer and a 412's current record all land
 * without translation and a three-way merge compares like with like.
 */

export type SyncState = 'synced' | 'pending' | 'conflict' | 'rejected'

/** A cached patient: the server row (SPEC §3 Patient, as the API names it) plus its sync state. */
export interface LocalPatient {
  id: string
  curp?: string
  payroll_number?: string | null
  name?: string
  last_name?: string
  second_last_name?: string | null
  administrative_status?: string
  /** The access account's e-mail; the password never reaches this row (it stays in the outbox entry). */
  email?: string | null
  /** Whether the patient has a login account (patient mode); the server says so. */
  has_account?: boolean
  subgroups?: string[]
  /** 0 until the server has acknowledged the create. */
  version: number
  updated_at?: string
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

export type ReadingKind = 'blood-pressure' | 'glucose'

/** A blood pressure or glucose reading: append-only, so it can duplicate but never conflict. */
export interface LocalReading {
  id: string
  patient_id: string
  kind: ReadingKind
  taken_at: string
  note?: string | null
  systolic?: number
  diastolic?: number
  heart_rate?: number | null
  glucose?: number
  moment?: string | null
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/**
 * An entry of a patient's record sections (SPEC §3: a medical condition, a history, an
 * allergy…): editable, so it is merged field by field like a patient. `section` is its path name.
 */
export interface LocalRecordSection {
  id: string
  patient_id: string
  section: RecordSection
  /** 0 until the server has acknowledged the create. */
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/** The kinds of record the outbox and the shadows know. */
export type SyncEntity = 'patient' | 'reading' | 'recordSection'

/** The last server copy of a record: the base of a three-way merge. */
export interface Shadow {
  entity: SyncEntity
  id: string
  version: number
  data: Record<string, unknown>
}

export type OutboxStatus = 'pending' | 'sending' | 'conflict' | 'rejected' | 'blocked'

export type MutationKind =
  | 'patient.create'
  | 'patient.update'
  | 'reading.create'
  | 'recordSection.create'
  | 'recordSection.update'
  | 'recordSection.delete'

/** A change waiting to reach the server (DESIGN §5 "Outbox entry"). */
export interface OutboxEntry {
  seq?: number
  mutationId: string
  userId: string
  tenant: string
  kind: MutationKind
  entity: SyncEntity
  entityId: string
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  body: Record<string, unknown>
  /** Sent as If-Match. Null for creates, and for an update of a record whose create is unsent. */
  baseVersion: number | null
  /**
   * What the changed fields held when the person edited them: the merge base of a 412, kept
   * here because the shadow may have moved on (a pull) since the edit was made.
   */
  baseValues?: Record<string, unknown>
  dependsOn: string[]
  status: OutboxStatus
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  /** The server's per-field messages of a 422, shown when someone edits the entry. */
  fieldErrors?: Record<string, string[]>
  /** The device clock: shown to people, never used for ordering. */
  createdAt: string
}

export interface Conflict {
  id?: number
  entity: SyncEntity
  entityId: string
  field: string
  base: unknown
  mine: unknown
  theirs: unknown
  createdAt: string
}

/** A discarded outbox entry (DESIGN §5: nothing is dropped silently), kept with who and why. */
export interface Rejection {
  id?: number
  mutationId: string
  kind: MutationKind
  entity: SyncEntity
  entityId: string
  body: Record<string, unknown>
  /** The server's last word on it, if any. */
  error: string | null
  reason: string
  who: string
  at: string
}

export interface Meta {
  key: string
  value: unknown
}

export type LocalDb = Dexie & {
  patients: EntityTable<LocalPatient, 'id'>
  readings: EntityTable<LocalReading, 'id'>
  recordSections: EntityTable<LocalRecordSection, 'id'>
  shadows: Table<Shadow, [SyncEntity, string]>
  outbox: EntityTable<OutboxEntry, 'seq'>
  conflicts: EntityTable<Conflict, 'id'>
  rejections: EntityTable<Rejection, 'id'>
  meta: EntityTable<Meta, 'key'>
}

export const localDbName = (tenant: string, userId: string) => `salud-${tenant}-${userId}`

export function openLocalDb({ tenant, userId }: { tenant: string; userId: string }): LocalDb {
  // Dexie adds the tables declared in version() at run time; the type above names them.
  const db = new Dexie(localDbName(tenant, userId)) as LocalDb
  db.version(1).stores({
    patients: 'id, curp, payrollNumber, lastName, updatedAt, syncState',
    shadows: '[entity+id]',
    outbox: '++seq, &mutationId, status, entityId, [status+seq]',
    conflicts: '++id, [entity+entityId]',
    meta: 'key',
  })
  // Version 1 held no real rows yet (nothing wrote to it before the sync engine), so the
  // patient indexes move to the server's field names without an upgrade step.
  db.version(2).stores({
    patients: 'id, curp, payroll_number, last_name, updated_at, syncState',
    readings: 'id, patient_id, [patient_id+taken_at], kind, syncState',
    rejections: '++id, entityId, at',
    // Who depends on an entry: a rejection blocks them, a discard takes them along.
    outbox: '++seq, &mutationId, status, entityId, [status+seq], *dependsOn',
  })
  // Version 3 is the catalog cache's.
  db.version(4).stores({
    recordSections: 'id, patient_id, [patient_id+section], syncState',
  })
  return db
}

/** What the sync engine needs of any cached row, whatever its kind. */
export interface LocalRow {
  id: string
  version: number
  deleted_at?: string | null
  syncState: SyncState
  [field: string]: unknown
}

/** The table that holds an entity's visible rows. */
export function rowTable(db: LocalDb, entity: SyncEntity): Table<LocalRow, string> {
  const table = entity === 'patient' ? db.patients : entity === 'reading' ? db.readings : db.recordSections
  // Every such table holds LocalRow-shaped rows keyed by id; the engine only touches those fields.
  return table as unknown as Table<LocalRow, string>
}

/** Every table of visible synced rows: the scope of a transaction that may touch any entity's row. */
export const rowTables = (db: LocalDb) => [db.patients, db.readings, db.recordSections]
