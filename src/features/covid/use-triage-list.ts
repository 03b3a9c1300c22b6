import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useState } from 'react'
import { PAGE_SIZES } from '../../contract/schemas/data-table'
import { type TriageFilter, type TriageListHead, triageListHead, triageSummaries } from '../../db/covid'
import type { LocalDb, LocalTriageSummary } from '../../db/local-db'
import { afterPaint } from '../../ui/after-paint'

/** The first read: enough rows for the largest page the table offers. */
const HEAD = Math.max(...PAGE_SIZES)

export interface TriageList {
  /** The rows the filters leave, in the list's order: all of them once read, until then the first. */
  rows: LocalTriageSummary[]
  /** How many rows the filters leave (more than `rows` until every row is read). */
  shown: number
  /** The counts under the classification filter: "Total", per status, declined follow-ups. */
  counts: Pick<TriageListHead, 'total' | 'byStatus' | 'declined'>
}

/**
 * The rows of `/covid` from the triage summary (decision 0025), in two steps as the patient list
 * (decision 0017): first the first page under the filters and the counts, from indexes (a live
 * query: any write to the summary reads them again); then, after that paint, every row, which
 * the search, the other orders and the spreadsheet need, filtered and counted here from then on.
 */
export function useTriageList(db: LocalDb | undefined, filter: TriageFilter): TriageList | undefined {
  const { status, classification } = filter
  const head = useLiveQuery(
    async () => (db ? triageListHead(db, { status, classification }, HEAD) : undefined),
    [db, status, classification],
  )
  // The last answer stays on screen while another filter's is read.
  const [shownHead, setShownHead] = useState<TriageListHead | undefined>(undefined)
  useEffect(() => {
    if (head) setShownHead(head)
  }, [head])
  const [ready, setReady] = useState(false)
  const started = shownHead !== undefined
  useEffect(() => {
    if (!started) return
    let cancelled = false
    void afterPaint().then(() => {
      if (!cancelled) setReady(true)
    })
    return () => {
      cancelled = true
    }
  }, [started])
  const all = useLiveQuery(async () => (db && ready ? triageSummaries(db) : undefined), [db, ready])

  return useMemo(() => {
    if (all) {
      const byClassification = all.filter(
        (row) => classification === '' || row.classification === classification,
      )
      const rows = byClassification.filter((row) => status === '' || row.status === status)
      const byStatus = new Map<string, number>()
      for (const row of byClassification) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1)
      const declined = byClassification.reduce((sum, row) => sum + row.declined, 0)
      return { rows, shown: rows.length, counts: { total: byClassification.length, byStatus, declined } }
    }
    const current = head ?? shownHead
    if (!current) return undefined
    return { rows: current.first, shown: current.shown, counts: current }
  }, [all, head, shownHead, status, classification])
}
