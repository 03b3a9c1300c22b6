import type { DBCore, DBCoreIndex, DBCoreTable, DBCoreTransaction, Middleware, Table } from 'dexie'
import Dexie from 'dexie'
import type { LocalDb } from './local-db'

/**
 * The plumbing every per-patient summary table shares (the COVID triage list's, decision 0025;
 * the vaccination index's, decision 0026; the periodic exams' due list's, decision 0027): a DBCore middleware that sees every write of
 * the summary's source tables, names the patients it touched and has the summary's own
 * `refresh` compute their rows again. Each summary says what it is computed from and how; this
 * module says when and in which transaction:
 * - in the writer's transaction when it holds every table the summary needs (the sync engine's
 *   and the module's own mutators' transactions do): a screen never sees one without the other;
 * - otherwise in a transaction of its own right after the write commits (a patient edited in a
 *   transaction of the patients alone: the patient mutators keep to their own tables so that they
 *   compose inside a caller's transaction), so the summary is at most a moment behind;
 * - not at all in an upgrade of an earlier version: the version that adds a summary computes it;
 * - every row again (`'all'`) when a source is cleared (a range delete).
 * Its writes go down the stack through Dexie's observation, so live queries of the summary see them.
 */

/** Runs a read or write in the Dexie zone the source's write came in (see `currentZone`). */
export type Zone = <T>(work: () => T) => T

/** The patients a source write touched, or every one (a cleared table). */
export type TouchedPatients = Set<string> | 'all'

export interface SummaryKeeping<Source extends string> {
  /** The middleware's name (Dexie keeps one middleware per name). */
  name: string
  /** The tables the summary is computed from. */
  sources: readonly Source[]
  /** Every store a transaction must hold to refresh the summary within itself. */
  stores: readonly string[]
  /** The tables of `stores`, for the transaction of its own. */
  scope: (db: LocalDb) => Table[]
  /** Computes the named patients' rows again in `trans`, starting every read and write in `zone`. */
  refresh: (
    core: DBCore,
    trans: DBCoreTransaction,
    source: Source,
    patients: TouchedPatients,
    zone: Zone,
  ) => Promise<void>
}

/**
 * Dexie's zones (its `PSD`): a read through the database's stack looks up the transaction of the
 * zone it runs in. An `await` of a native promise (another summary's async `mutate`, below or
 * above this one) may resume outside the zone, and a read there fails ("reading 'mode' of
 * undefined"). So the zone is taken when the write comes in, and every read of the refresh is
 * started in it. Dexie exposes both on its Promise; its types do not name them.
 */
const zones = Dexie.Promise as unknown as { PSD: unknown; usePSD<T>(psd: unknown, fn: () => T): T }
export const currentZone = (): Zone => {
  const psd = zones.PSD
  return (work) => zones.usePSD(psd, work)
}

/** The patient a source row belongs to: a patient row's own id, any other row's `patient_id`. */
const patientOf = (source: string, row: { id?: unknown; patient_id?: unknown } | undefined) =>
  row === undefined ? undefined : String(source === 'patients' ? row.id : row.patient_id)

const isString = (value: string | undefined): value is string => value !== undefined

/** The middleware that keeps one summary in step with its sources, whoever writes them. */
export function summaryMiddleware<Source extends string>(
  db: LocalDb,
  keeping: SummaryKeeping<Source>,
): Middleware<DBCore> {
  const { name, sources, stores, scope, refresh } = keeping
  return {
    stack: 'dbcore',
    name,
    create: (down) => ({
      ...down,
      table(tableName) {
        const table = down.table(tableName)
        if (!(sources as readonly string[]).includes(tableName)) return table
        const source = tableName as Source
        return {
          ...table,
          async mutate(request) {
            const zone = currentZone()
            let patients: TouchedPatients
            if (request.type === 'deleteRange') patients = 'all'
            else if (request.type === 'delete' && source === 'patients')
              patients = new Set(request.keys.map(String))
            else if (request.type === 'delete') {
              const old = await table.getMany({ trans: request.trans, keys: request.keys })
              patients = new Set(old.map((row) => patientOf(source, row)).filter(isString))
            } else patients = new Set(request.values.map((row) => patientOf(source, row)).filter(isString))
            const result = await table.mutate(request)
            if (patients !== 'all' && patients.size === 0) return result
            const trans = request.trans as unknown as IDBTransaction
            if (stores.every((store) => trans.objectStoreNames.contains(store))) {
              await refresh(down, request.trans, source, patients, zone)
            } else if (trans.mode !== 'versionchange') {
              trans.addEventListener('complete', () => {
                void Dexie.ignoreTransaction(() =>
                  db.transaction('rw', scope(db), (tx) =>
                    refresh(
                      db.core,
                      tx.idbtrans as unknown as DBCoreTransaction,
                      source,
                      patients,
                      currentZone(),
                    ),
                  ),
                ).catch(() => {
                  // The database closed first (a sign-out): its next open reads what is there.
                })
              })
            }
            return result
          },
        }
      },
    }),
  }
}

/** A DBCore range over every key. */
export const EVERY = { type: 3 /* DBCoreRangeType.Any */, lower: undefined, upper: undefined } as const
/** A DBCore range of one key. */
export const only = (key: string) =>
  ({ type: 1 /* DBCoreRangeType.Equal */, lower: key, upper: key }) as const

/** A table's index by name (a summary's refresh reads its sources by patient). */
export const indexOf = (table: DBCoreTable, name: string): DBCoreIndex => {
  const index = table.schema.indexes.find((candidate) => candidate.name === name)
  if (!index) throw new Error(`${table.name} has no index ${name}`)
  return index
}
