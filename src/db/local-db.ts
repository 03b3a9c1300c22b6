import Dexie, { type EntityTable } from 'dexie'

/**
 * The device's database (DESIGN §5): one per user and tenant, so two nurses sharing a tablet
 * never see each other's cache. Versions are only ever added, never edited.
 */

export type SyncState = 'synced' | 'pending' | 'conflict' | 'rejected'

/** A cached patient: the server row plus its local sync state. */
export interface LocalPatient {
  id: string
  curp: string
  payrollNumber: string | null
  name: string
  lastName: string
  secondLastName: string | null
  version: number
  updatedAt: string
  deletedAt: string | null
  syncState: SyncState
  [field: string]: unknown
}

/** The last server copy of an editable record: the base of a three-way merge. */
export interface Shadow {
  entity: string
  id: string
  version: number
  data: Record<string, unknown>
}

export type OutboxStatus = 'pending' | 'sending' | 'conflict' | 'rejected' | 'blocked'

/** A change waiting to reach the server (DESIGN §5 "Outbox entry"). */
export interface OutboxEntry {
  seq?: number
  mutationId: string
  userId: string
  tenant: string
  kind: string
  entity: string
  entityId: string
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  body: unknown
  baseVersion: number | null
  dependsOn: string[]
  status: OutboxStatus
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  /** The device clock: shown to people, never used for ordering. */
  createdAt: string
}

export interface Conflict {
  id?: number
  entity: string
  entityId: string
  field: string
  base: unknown
  mine: unknown
  theirs: unknown
  createdAt: string
}

export interface Meta {
  key: string
  value: unknown
}

export type LocalDb = Dexie & {
  patients: EntityTable<LocalPatient, 'id'>
  shadows: EntityTable<Shadow, 'id'>
  outbox: EntityTable<OutboxEntry, 'seq'>
  conflicts: EntityTable<Conflict, 'id'>
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
  return db
}
