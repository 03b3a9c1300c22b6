import { READING_KINDS, type ReadingKind } from '../contract/schemas/readings'
import type { SyncedEntity } from '../contract/schemas/sync'
import type { LocalDb, LocalRow, Shadow, SyncEntity } from '../db/local-db'
import { CURSOR_KEY, rowTable, rowTables } from '../db/local-db'

/**
 * One change of the feed (DESIGN §5 "Pulling"). Readings arrive as 'reading' or under their own
 * kind ('blood-pressure', 'glucose', 'somatometry', 'nutrition', 'habit', as the contract's
 * SYNCED_ENTITIES names them); record section entries as 'record-section'; consultations as
 * 'encounter'; files' metadata as 'attachment'; the COVID records (decision 0025) as
 * 'covid-consultation', 'covid-reclassification', 'covid-decline' and 'covid-test'; vaccination
 * records (decision 0026) as 'vaccination-record'; occupational exams (issue 22) as
 * 'periodic-exam' and 'admission-exam'; the medical reports (decision 0028) as 'short-history',
 * 'health-certificate', 'disability' and 'incident-report', each with its amendments.
 */
export interface FeedChange {
  entity: SyncedEntity | 'reading'
  id: string
  op: 'upsert' | 'delete'
  version: number
  data: Record<string, unknown> | null
}

export interface FeedPage {
  changes: FeedChange[]
  cursor: string | null
  hasMore: boolean
  /** The cursor is older than the server's log: drop the synced cache and start over. */
  reset?: boolean
}

export { CURSOR_KEY }
/** About a thousand rows per page and per Dexie transaction (DESIGN §5 initial sync). */
export const PAGE_SIZE = 1000

const isReadingKind = (entity: string): entity is ReadingKind =>
  (READING_KINDS as readonly string[]).includes(entity)

/**
 * The device table a change of the feed goes to, or null for a kind this version of the app does
 * not keep yet (a module whose server part landed before its device part): such a change is passed
 * over, and the Dexie version that adds its table forgets the cursor so the feed comes again
 * (as version 14 did for vaccination records). Never guessed as a reading: that would file a
 * clinical record among the patient's readings.
 */
const entityOf = (change: FeedChange): SyncEntity | null => {
  switch (change.entity) {
    case 'patient':
      return 'patient'
    case 'record-section':
      return 'recordSection'
    case 'encounter':
      return 'encounter'
    case 'attachment':
      return 'attachment'
    case 'covid-consultation':
      return 'covidConsultation'
    case 'covid-reclassification':
      return 'covidReclassification'
    case 'covid-decline':
      return 'covidDecline'
    case 'covid-test':
      return 'covidTest'
    case 'vaccination-record':
      return 'vaccinationRecord'
    case 'periodic-exam':
      return 'periodicExam'
    case 'admission-exam':
      return 'admissionExam'
    case 'short-history':
      return 'shortHistory'
    case 'health-certificate':
      return 'healthCertificate'
    case 'disability':
      return 'disability'
    case 'incident-report':
      return 'incidentReport'
    case 'reading':
      return 'reading'
    default:
      return isReadingKind(change.entity) ? 'reading' : null
  }
}

/** The entities with a row table, in the order their batches are read and written. */
const ENTITIES = [
  'patient',
  'reading',
  'recordSection',
  'encounter',
  'attachment',
  'covidConsultation',
  'covidReclassification',
  'covidDecline',
  'covidTest',
  'vaccinationRecord',
  'periodicExam',
  'admissionExam',
  'shortHistory',
  'healthCertificate',
  'disability',
  'incidentReport',
] as const satisfies readonly SyncEntity[]

/**
 * What only the device knows of a file (decision 0023): its bytes and when they were used. The
 * feed carries metadata alone, and a file's bytes never change (a new file is a new id), so a
 * pulled copy keeps the bytes the device already holds.
 */
function heldBytes(existing: LocalRow | undefined): Partial<LocalRow> {
  if (!existing?.blob) return {}
  return { blob: existing.blob, cachedAt: existing.cachedAt, lastUsedAt: existing.lastUsedAt }
}

function rowOf(change: FeedChange, existing: LocalRow | undefined): LocalRow {
  const row: LocalRow = {
    ...(change.entity === 'attachment' ? heldBytes(existing) : {}),
    ...change.data,
    id: change.id,
    version: change.version,
    syncState: 'synced',
  }
  if (isReadingKind(change.entity)) row.kind = change.entity
  else if (row.kind === undefined && existing?.kind !== undefined) row.kind = existing.kind
  return row
}

/**
 * Applies one page of the feed in one transaction, cursor included, so an interrupted initial
 * sync resumes from the last whole page. A shadow (last server copy), where one is held, always
 * follows the server; the visible row only when nothing of the user's is queued for it —
 * otherwise it stays the user's version, and the acknowledgement brings it in line. A version older than the one
 * already held (an answer stored by the sync loop overtook the feed) is ignored.
 * Returns how many changes were applied.
 *
 * The page's rows and shadows are read in bulk, the changes worked out in memory in feed order
 * (a record appearing twice sees its earlier change) and written back in bulk: one IndexedDB
 * request per table rather than several per change, which is what keeps an initial sync of a
 * hundred thousand records within DESIGN §7's budget.
 */
export async function applyChanges(db: LocalDb, page: FeedPage): Promise<number> {
  return db.transaction('rw', [...rowTables(db), db.shadows, db.outbox, db.meta], async () => {
    const queued = new Set((await db.outbox.orderBy('entityId').uniqueKeys()).map(String))
    const known = page.changes.flatMap((change) => {
      const entity = entityOf(change)
      return entity === null ? [] : [{ change, entity }]
    })
    const state = await readState(db, known)
    let applied = 0
    for (const { change, entity } of known) {
      const key = keyOf(entity, change.id)
      const held = state.shadows.get(key) ?? undefined
      const existing = state.rows.get(key) ?? undefined
      // The server's newest copy held: the shadow, or a synced row that has none.
      const newest = held ?? (existing?.syncState === 'synced' ? existing : undefined)
      if (newest && newest.version > change.version) continue
      const isQueued = queued.has(change.id)
      if (change.op === 'delete') {
        applyDelete(state, change, entity, existing, isQueued, held)
      } else {
        // A record with nothing queued is itself the server's copy: its shadow is made by the
        // first local edit (the mutator), so an initial sync writes each record once, not twice.
        if (isQueued || held) {
          setShadow(state, key, { entity, id: change.id, version: change.version, data: { ...change.data } })
        }
        if (!isQueued) setRow(state, key, rowOf(change, existing))
      }
      applied++
    }
    await writeState(db, state)
    if (page.cursor !== null) await db.meta.put({ key: CURSOR_KEY, value: page.cursor })
    return applied
  })
}

type Key = `${SyncEntity}:${string}`
const keyOf = (entity: SyncEntity, id: string): Key => `${entity}:${id}`

/** A page's rows and shadows as they stand; null is a record that is not (or no longer) there. */
interface PageState {
  rows: Map<Key, LocalRow | null>
  shadows: Map<Key, Shadow | null>
  /** What the page's changes wrote: only these go back to the database. */
  changedRows: Set<Key>
  changedShadows: Set<Key>
}

function setRow(state: PageState, key: Key, row: LocalRow | null) {
  state.rows.set(key, row)
  state.changedRows.add(key)
}

function setShadow(state: PageState, key: Key, shadow: Shadow | null) {
  state.shadows.set(key, shadow)
  state.changedShadows.add(key)
}

const idOf = (key: Key): [SyncEntity, string] => {
  const separator = key.indexOf(':')
  return [key.slice(0, separator) as SyncEntity, key.slice(separator + 1)]
}

/**
 * Reads what the page's changes need of the database: the shadows and the visible rows held for
 * its records (the version held, and the row a queued change keeps). Both are read by id range
 * first (see `held`), so the records new to the device, most of an initial sync, cost one count.
 */
async function readState(
  db: LocalDb,
  known: { change: FeedChange; entity: SyncEntity }[],
): Promise<PageState> {
  const state: PageState = {
    rows: new Map(),
    shadows: new Map(),
    changedRows: new Set(),
    changedShadows: new Set(),
  }
  const unique = [...new Map(known.map((k) => [keyOf(k.entity, k.change.id), k] as const)).values()]
  for (const entity of ENTITIES) {
    const ids = unique.filter((k) => k.entity === entity).map((k) => k.change.id)
    if (ids.length === 0) continue
    const [lowest, highest] = bounds(ids)
    const shadows = await held(
      db.shadows.where('[entity+id]').between([entity, lowest], [entity, highest], true, true),
      () => db.shadows.bulkGet(ids.map((id): [SyncEntity, string] => [entity, id])),
    )
    const rows = rowTable(db, entity)
    const visible = await held(rows.where(':id').between(lowest, highest, true, true), () =>
      rows.bulkGet(ids),
    )
    ids.forEach((id, index) => {
      state.shadows.set(keyOf(entity, id), shadows?.[index] ?? null)
      state.rows.set(keyOf(entity, id), visible?.[index] ?? null)
    })
  }
  return state
}

const bounds = (ids: string[]): [string, string] => {
  let lowest = ids[0] as string
  let highest = lowest
  for (const id of ids) {
    if (id < lowest) lowest = id
    if (id > highest) highest = id
  }
  return [lowest, highest]
}

/**
 * What a table holds of some records, or nothing when it holds none anywhere between their
 * lowest and highest id — one count instead of a read per record.
 */
async function held<T>(range: { count(): Promise<number> }, read: () => Promise<T[]>): Promise<T[] | null> {
  return (await range.count()) === 0 ? null : read()
}

async function writeState(db: LocalDb, state: PageState): Promise<void> {
  const shadowPuts: Shadow[] = []
  const shadowDeletes: [SyncEntity, string][] = []
  const rowPuts = Object.fromEntries(ENTITIES.map((entity) => [entity, []])) as unknown as Record<
    SyncEntity,
    LocalRow[]
  > // one empty list per entity, filled below
  const rowDeletes = Object.fromEntries(ENTITIES.map((entity) => [entity, []])) as unknown as Record<
    SyncEntity,
    string[]
  > // likewise
  for (const key of state.changedShadows) {
    const shadow = state.shadows.get(key)
    if (shadow) shadowPuts.push(shadow)
    else shadowDeletes.push(idOf(key))
  }
  for (const key of state.changedRows) {
    const [entity, id] = idOf(key)
    const row = state.rows.get(key)
    if (row) rowPuts[entity].push(row)
    else rowDeletes[entity].push(id)
  }
  // Each key is either put or deleted, once, so the batches need no order among themselves.
  await inSlices(shadowDeletes, (slice) => db.shadows.bulkDelete(slice))
  await inSlices(shadowPuts, (slice) => db.shadows.bulkPut(slice))
  for (const entity of ENTITIES) {
    const rows = rowTable(db, entity)
    await inSlices(rowDeletes[entity], (slice) => rows.bulkDelete(slice))
    await inSlices(rowPuts[entity], (slice) => rows.bulkPut(slice))
  }
}

/**
 * Rows handed to IndexedDB per request while a page is written. The browser copies each row
 * on the page's thread as it is handed over (about 120 µs a patient on a phone, a 4× slower CPU):
 * a slice this size keeps each turn of that work well under the 50 ms that delays a tap.
 */
export const WRITE_SLICE = 200

/**
 * Writes `items` slice by slice, each slice handed over when the one before the last is stored:
 * a slice is then handed over from the stored one's completion, a task of its own, so the
 * browser answers input between two slices, while the database always has the next to write.
 */
async function inSlices<T>(items: T[], write: (slice: T[]) => Promise<unknown>): Promise<void> {
  let previous: Promise<unknown> = Promise.resolve()
  for (let start = 0; start < items.length; start += WRITE_SLICE) {
    const current = write(items.slice(start, start + WRITE_SLICE))
    // Awaited on the next turn (its failure surfaces there); until then it must not count as unhandled.
    current.catch(() => {})
    await previous
    previous = current
  }
  await previous
}

/**
 * Deletes are soft and win (DESIGN §5). A row with queued changes stays as a tombstone, so the
 * person sees what happened to it when the server refuses those changes; any other row goes.
 */
function applyDelete(
  state: PageState,
  change: FeedChange,
  entity: SyncEntity,
  existing: LocalRow | undefined,
  isQueued: boolean,
  held: Shadow | undefined,
) {
  const key = keyOf(entity, change.id)
  if (!isQueued) {
    setRow(state, key, null)
    if (held) setShadow(state, key, null)
    return
  }
  // The time is the server's when it says; otherwise the device's, which is only shown.
  const deletedAt =
    typeof change.data?.deleted_at === 'string' ? change.data.deleted_at : new Date().toISOString()
  const data = { ...held?.data, ...change.data, deleted_at: deletedAt }
  setShadow(state, key, { entity, id: change.id, version: change.version, data })
  if (existing) setRow(state, key, { ...existing, deleted_at: deletedAt })
}

export async function storedCursor(db: LocalDb): Promise<string | null> {
  const meta = await db.meta.get(CURSOR_KEY)
  return typeof meta?.value === 'string' ? meta.value : null
}

/**
 * Drops the synced cache for a full resync, keeping everything the user has not sent: the whole
 * outbox, the rows and shadows it refers to (the merge base of a later 412) and their conflicts.
 */
export async function resetCache(db: LocalDb): Promise<void> {
  await db.transaction('rw', [...rowTables(db), db.shadows, db.outbox, db.meta], async () => {
    const queued = new Set((await db.outbox.orderBy('entityId').uniqueKeys()).map(String))
    // Chosen by key (one getAllKeys per table), not by a Dexie filter, which walks a cursor over
    // every cached row: a reset of a hundred thousand patients is one read and one delete.
    for (const entity of ENTITIES) {
      const rows = rowTable(db, entity)
      const ids = await rows.toCollection().primaryKeys()
      await rows.bulkDelete(ids.filter((id) => !queued.has(id)))
    }
    const shadows = await db.shadows.toCollection().primaryKeys()
    await db.shadows.bulkDelete(shadows.filter(([, id]) => !queued.has(id)))
    await db.meta.delete(CURSOR_KEY)
  })
}

export type FetchPage = (cursor: string | null, limit: number) => Promise<FeedPage>

export interface PullProgress {
  applied: number
  hasMore: boolean
}

/**
 * Pulls the feed page by page until the server has nothing more, starting from the stored
 * cursor (so an interrupted initial sync resumes). A `reset` answer empties the synced cache
 * and starts again from the beginning. Returns how many changes were applied.
 *
 * The next page is asked for as soon as a page arrives, so it travels while this one is written
 * to IndexedDB; pages are still applied one after another, each with its cursor. A failed fetch
 * surfaces once the page before it is stored.
 */
export async function pullAll(
  db: LocalDb,
  fetchPage: FetchPage,
  onProgress?: (progress: PullProgress) => void,
): Promise<number> {
  let cursor = await storedCursor(db)
  let applied = 0
  let next = fetchPage(cursor, PAGE_SIZE)
  for (;;) {
    const page = await next
    if (page.reset) {
      // A reset of a pull that already starts from nothing would loop for ever.
      if (cursor === null) throw new Error('The change feed asked for a reset of a pull from the start')
      await resetCache(db)
      cursor = null
      next = fetchPage(cursor, PAGE_SIZE)
      continue
    }
    const after = page.cursor ?? cursor
    if (page.hasMore) {
      next = fetchPage(after, PAGE_SIZE)
      // Awaited on the next turn; until then a failure must not count as unhandled.
      next.catch(() => {})
    }
    applied += await applyChanges(db, page)
    cursor = after
    onProgress?.({ applied, hasMore: page.hasMore })
    if (!page.hasMore) return applied
  }
}
