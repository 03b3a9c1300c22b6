import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef, useState } from 'react'
import { PAGE_SIZES } from '../../contract/schemas/data-table'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { afterPaint } from '../../ui/after-paint'
import { searchIndex } from '../../ui/data-table/local-rows'
import {
  emptyRowCache,
  type PatientRow,
  patientRows,
  type RowCache,
  type RowLabels,
  rowUpdate,
  SEARCH_COLUMNS,
} from './patient-rows'

/** The first read: enough rows for the largest page the table offers. */
const HEAD = Math.max(...PAGE_SIZES)
/**
 * Patients read, made into rows and folded for the search per slice of the full read: about
 * 30 ms of a phone's CPU (4× slowed), so a keystroke never waits longer for the page.
 */
export const SLICE = 500

export interface PatientList {
  /** Rows in the list's order: all of them once read, until then the first ones. */
  rows: PatientRow<LocalPatient>[]
  /** How many patients the list holds (the index's count until every row is read). */
  total: number
  /** Whether `rows` holds every listed patient (search, filters and other orders need them). */
  complete: boolean
}

/** The index the list is read in (local-db.ts version 8): the list's order, deleted rows left out. */
const inListOrder = (db: LocalDb) => db.patients.orderBy('[sortName+id]')

/**
 * The cached patients of the /patients list (decision 0017). A cold start with 100 000 of them
 * cannot read them all before the first paint, so the list comes in two steps: first the first
 * rows in the list's order and the count of all, read from the index (a live query: any write to
 * the patients reads them again); then, after that paint, every row in slices of SLICE, each one
 * made into rows and folded for the search before the browser takes the next event. A change
 * while the rows are read reads them all again once the read in course ends (a pull writing page
 * after page does not restart it for ever), keeping the rows of unchanged patients.
 */
export function usePatientList(db: LocalDb | undefined, labels: RowLabels): PatientList | undefined {
  const head = useLiveQuery(
    async () =>
      db
        ? db.transaction('r', db.patients, async () => {
            const [first, total] = await Promise.all([
              inListOrder(db).limit(HEAD).toArray(),
              inListOrder(db).count(),
            ])
            return { first, total }
          })
        : undefined,
    [db],
  )
  const [all, setAll] = useState<{ labels: RowLabels; rows: PatientRow<LocalPatient>[] } | null>(null)
  const loader = useRef<Loader | null>(null)

  useEffect(() => {
    if (!db) return
    const current = createLoader(db, (rows, withLabels) => setAll({ labels: withLabels, rows }))
    loader.current = current
    return () => {
      current.stop()
      loader.current = null
    }
  }, [db])
  // Every new answer of the head is a change of the patients: read them all (again).
  useEffect(() => {
    if (head) loader.current?.request(labels)
  }, [head, labels])

  return useMemo(() => {
    if (!head) return undefined
    if (all && all.labels === labels) return { rows: all.rows, total: all.rows.length, complete: true }
    const complete = head.total <= head.first.length
    return { rows: patientRows(head.first, labels), total: head.total, complete }
  }, [head, all, labels])
}

interface Loader {
  /** Reads every row (now, or after the read in course) with these labels. */
  request(labels: RowLabels): void
  stop(): void
}

function createLoader(
  db: LocalDb,
  onRows: (rows: PatientRow<LocalPatient>[], labels: RowLabels) => void,
): Loader {
  const cache: RowCache<LocalPatient> = emptyRowCache()
  let wanted: RowLabels | null = null
  let reading = false
  let stopped = false

  async function readAll(labels: RowLabels): Promise<PatientRow<LocalPatient>[] | null> {
    const update = rowUpdate(cache, labels)
    for (let after: [string, string] | null = null; ; ) {
      const slice: LocalPatient[] = await (after
        ? db.patients.where('[sortName+id]').above(after)
        : inListOrder(db)
      )
        .limit(SLICE)
        .toArray()
      if (stopped) return null
      // The table's search folds the same columns (the page marks them searchable, in this
      // order) and keeps each row's text: folded here, the first search finds it done.
      searchIndex(update.add(slice), SEARCH_COLUMNS)
      const last = slice.at(-1)
      if (slice.length < SLICE || !last?.sortName) return update.finish()
      after = [last.sortName, last.id]
    }
  }

  async function run() {
    reading = true
    await afterPaint()
    while (wanted && !stopped) {
      const labels = wanted
      wanted = null
      const rows = await readAll(labels).catch(() => null)
      if (rows && !stopped) onRows(rows, labels)
    }
    reading = false
  }

  return {
    request(labels) {
      wanted = labels
      if (!reading) void run()
    },
    stop() {
      stopped = true
    },
  }
}
