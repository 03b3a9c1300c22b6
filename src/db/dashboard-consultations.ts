import Dexie, { type DBCore, type DBCoreTransaction, type Middleware } from 'dexie'
import type { LocalDb, LocalEncounter } from './local-db'
import {
  EVERY,
  indexOf,
  only,
  summaryMiddleware,
  type TouchedPatients,
  type Zone,
} from './summary-middleware'
import { firstPackId, sharedRows } from './summary-packs'

/**
 * The consultations as the dashboard counts them (issue 24, docs/decisions/0032-dashboard.md):
 * one compact row per live consultation with a diagnosis (one without counts in no figure), in
 * the shape the diagnoses and affected-systems rules read (`DashboardConsultation`), filed under
 * the UTC month it started in. They are most of a clinic's records, and the dashboard counts them
 * over a period (the month so far, by default), so it reads only the months around the period:
 * packed a month to a record (`JSON.stringify` of its rows: IndexedDB's cost is per record), with
 * the rows changed since the last packing read by themselves over their packed copies.
 * The database keeps the rows (`dashboardConsultationMiddleware`): whoever writes a consultation
 * (the pull, the mutators, the acknowledgements, a merge, a discard, a cleared table), the
 * patient's rows are computed again.
 */
export interface LocalDashboardConsultation {
  id: string
  patient_id: string
  /** ISO instant in UTC. */
  started_at: string
  /** YYYY-MM of `started_at` in UTC: the pack it goes in. */
  month: string
  diagnoses: Array<{ code: string; name: string; affected_system_id: string }>
}

/** A month's consultations, packed. */
export interface LocalDashboardConsultationPack {
  month: string
  /** `JSON.stringify` of the month's rows. */
  rows: string
  /**
   * Names this packing of the month (`firstPackId`: no other packing, in this page or another,
   * had it), so a reader that unpacked it before keeps those rows; absent from packs written
   * before it existed, which are unpacked at every reading.
   */
  packing?: number
}

export interface LocalDashboardConsultationChange {
  id: string
}

const SOURCES = ['encounters'] as const

/** What a transaction must hold to keep the rows in step within itself. */
export const DASHBOARD_CONSULTATION_STORES = [
  'dashboardConsultations',
  'dashboardConsultationChanges',
  'dashboardConsultationPacks',
  ...SOURCES,
] as const

/** The tables of `DASHBOARD_CONSULTATION_STORES`: a writer of them puts these in its transaction's scope. */
export const dashboardConsultationScope = (db: LocalDb) => [
  db.dashboardConsultations,
  db.dashboardConsultationChanges,
  db.dashboardConsultationPacks,
  db.encounters,
]

/** Changed rows beyond which the months are read from the rows rather than from their packs. */
const UNPACKED_WHOLE = 2000

/** The UTC month of an instant. */
const monthOfInstant = (instant: string): string => new Date(Date.parse(instant)).toISOString().slice(0, 7)

/** A patient's live consultations with a diagnosis, as the dashboard reads them. */
export function dashboardConsultationsOf(rows: readonly LocalEncounter[]): LocalDashboardConsultation[] {
  return rows
    .filter((row) => !row.deleted_at && Array.isArray(row.diagnoses) && row.diagnoses.length > 0)
    .map((row) => ({
      id: row.id,
      patient_id: row.patient_id,
      started_at: row.started_at,
      month: monthOfInstant(row.started_at),
      diagnoses: row.diagnoses.map(({ code, name, affected_system_id }) => ({
        code,
        name,
        affected_system_id,
      })),
    }))
}

/** Every month's pack of the rows. */
export function monthPacksOf(rows: readonly LocalDashboardConsultation[]): LocalDashboardConsultationPack[] {
  const byMonth = new Map<string, LocalDashboardConsultation[]>()
  for (const row of rows) {
    const list = byMonth.get(row.month)
    if (list) list.push(row)
    else byMonth.set(row.month, [row])
  }
  const first = firstPackId(byMonth.size)
  return [...byMonth].map(([month, list], index) => ({
    month,
    rows: JSON.stringify(list),
    packing: first + index,
  }))
}

/**
 * The rows of each month the dashboard has read in this page, with the packing they came from,
 * for each packs table: a month read again (a live query run again after a sync, the screen opened
 * again, the whole history asked twice) is parsed again only when it was packed again. As the
 * summary packs' rows (`summary-packs.ts`), they are held for the page's life: at most the
 * device's consultations, once. The rows are shared by every reading: readers never change them
 * (frozen in tests).
 */
const keptMonths = new WeakMap<object, Map<string, { packing: number; rows: LocalDashboardConsultation[] }>>()

/**
 * The rows of each month from `lower` to `upper`, in month order: kept, or read and parsed, and
 * then kept for the next reading. Only the packs of months not kept (or packed again since) are
 * read: the months and their packings come from the keys alone (`[month+packing]`), where reading
 * every pack of the range read its whole text again, only to find the rows kept — the whole
 * history's 60 000 consultations are about 15 MB of text (bench/dashboard-device.ts).
 */
async function monthRowsOf(
  packs: LocalDb['dashboardConsultationPacks'],
  lower: string,
  upper: string,
): Promise<LocalDashboardConsultation[][]> {
  let kept = keptMonths.get(packs)
  if (!kept) {
    kept = new Map()
    keptMonths.set(packs, kept)
  }
  const held = kept
  const [months, named] = await Promise.all([
    packs.where(':id').between(lower, upper, true, true).primaryKeys(),
    packs
      .where('[month+packing]')
      .between([lower, Dexie.minKey], [upper, Dexie.maxKey], true, true)
      .keys() as Promise<unknown[]>,
  ])
  // A pack written before packings were named is not in that index: read at every reading.
  const packingOf = new Map((named as Array<[string, number]>).map(([month, packing]) => [month, packing]))
  const isKept = (month: string) => {
    const packing = packingOf.get(month)
    return packing !== undefined && held.get(month)?.packing === packing
  }
  const parsed = new Map<string, LocalDashboardConsultation[]>()
  const missing = months.filter((month) => !isKept(month))
  for (const pack of missing.length > 0 ? await packs.bulkGet(missing) : []) {
    // Gone since the keys were read cannot be: the caller reads in one transaction.
    if (!pack) continue
    // Written by `monthPacksOf` from the rows: their own shape.
    const rows = sharedRows(JSON.parse(pack.rows) as LocalDashboardConsultation[])
    parsed.set(pack.month, rows)
    if (pack.packing === undefined) held.delete(pack.month)
    else held.set(pack.month, { packing: pack.packing, rows })
  }
  return months.map((month) => parsed.get(month) ?? held.get(month)?.rows ?? [])
}

/** Months from `from` to `to` (YYYY-MM, both included); open ends read every month that way. */
export interface MonthRange {
  from: string | null
  to: string | null
}

/**
 * The rows of the months in the range (all when both ends are open), from the packs and the rows
 * changed since, and how many rows were read one by one (the screen packs past a few hundred).
 */
export async function readDashboardConsultations(
  db: LocalDb,
  range: MonthRange,
): Promise<{ rows: LocalDashboardConsultation[]; unpacked: number }> {
  const lower = range.from ?? ''
  const upper = range.to ?? '\uffff'
  const inRange = (month: string) => month >= lower && month <= upper
  const changed = await db.dashboardConsultationChanges.toCollection().primaryKeys()
  if (changed.length > UNPACKED_WHOLE) {
    const rows = await db.dashboardConsultations.where('month').between(lower, upper, true, true).toArray()
    return { rows, unpacked: changed.length }
  }
  const [months, fresh] = await Promise.all([
    monthRowsOf(db.dashboardConsultationPacks, lower, upper),
    db.dashboardConsultations.bulkGet(changed),
  ])
  const replaced = new Set<string>(changed)
  const rows: LocalDashboardConsultation[] = []
  for (const packed of months) {
    if (replaced.size === 0) for (const row of packed) rows.push(row)
    else for (const row of packed) if (!replaced.has(row.id)) rows.push(row)
  }
  for (const row of fresh) if (row && inRange(row.month)) rows.push(row)
  return { rows, unpacked: changed.length }
}

/** Packs every month again and forgets the changes, in one transaction. */
export function packDashboardConsultations(db: LocalDb): Promise<void> {
  return db.transaction(
    'rw',
    [db.dashboardConsultations, db.dashboardConsultationChanges, db.dashboardConsultationPacks],
    async () => {
      const rows = await db.dashboardConsultations.toArray()
      await db.dashboardConsultationPacks.clear()
      await db.dashboardConsultationPacks.bulkPut(monthPacksOf(rows))
      await db.dashboardConsultationChanges.clear()
    },
  )
}

/**
 * Keeps `dashboardConsultations` in step with the consultations, whoever writes them, as
 * `summary-middleware.ts` says when.
 */
export const dashboardConsultationMiddleware = (db: LocalDb): Middleware<DBCore> =>
  summaryMiddleware(db, {
    name: 'dashboardConsultations',
    sources: SOURCES,
    stores: DASHBOARD_CONSULTATION_STORES,
    scope: dashboardConsultationScope,
    refresh: refreshDashboardConsultations,
  })

/** Computes the named patients' rows again (every row for `'all'`) in `trans`. */
async function refreshDashboardConsultations(
  core: DBCore,
  trans: DBCoreTransaction,
  _source: 'encounters',
  patients: TouchedPatients,
  zone: Zone,
): Promise<void> {
  const rows = core.table('dashboardConsultations')
  const changes = core.table('dashboardConsultationChanges')
  const packs = core.table('dashboardConsultationPacks')
  const encounters = core.table('encounters')
  if (patients === 'all') {
    const answer = await zone(() =>
      encounters.query({ trans, values: true, query: { index: encounters.schema.primaryKey, range: EVERY } }),
    )
    const all = dashboardConsultationsOf(answer.result as LocalEncounter[])
    await zone(() =>
      Promise.all(
        [rows, changes, packs].map((table) => table.mutate({ type: 'deleteRange', trans, range: EVERY })),
      ),
    )
    if (all.length > 0) await zone(() => rows.mutate({ type: 'put', trans, values: all }))
    const packed = monthPacksOf(all)
    if (packed.length > 0) await zone(() => packs.mutate({ type: 'put', trans, values: packed }))
    return
  }
  const ids = [...patients]
  const byPatient = indexOf(encounters, 'patient_id')
  const heldByPatient = indexOf(rows, 'patient_id')
  const [read, held] = await zone(() =>
    Promise.all([
      Promise.all(
        ids.map((id) =>
          encounters.query({ trans, values: true, query: { index: byPatient, range: only(id) } }),
        ),
      ),
      Promise.all(
        ids.map((id) =>
          rows.query({ trans, values: false, query: { index: heldByPatient, range: only(id) } }),
        ),
      ),
    ]),
  )
  const put = read.flatMap((answer) => dashboardConsultationsOf(answer.result as LocalEncounter[]))
  const kept = new Set(put.map((row) => row.id))
  const gone = held.flatMap((answer) => answer.result.map(String)).filter((id) => !kept.has(id))
  if (put.length > 0) await zone(() => rows.mutate({ type: 'put', trans, values: put }))
  if (gone.length > 0) await zone(() => rows.mutate({ type: 'delete', trans, keys: gone }))
  const touched = [...kept, ...gone].map((id) => ({ id }))
  if (touched.length > 0) await zone(() => changes.mutate({ type: 'put', trans, values: touched }))
}
