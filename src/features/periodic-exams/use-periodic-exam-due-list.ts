import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef } from 'react'
import type { LocalDb } from '../../db/local-db'
import { type DeviceDueFilters, type DeviceDueList, periodicExamDueList } from '../../db/periodic-exam-due'
import { packPeriodicExamSummaries } from '../../db/periodic-exam-summary'
import { REPACK_AFTER } from '../../db/summary-packs'

/**
 * The periodic exams' due list from the device (`periodicExamDueList`) for `today`, as a live
 * query: an exam recorded, a patient or exam pulled reads it again. When many summary rows changed
 * since they were packed, it packs them once the rows are shown (a write, so outside the live
 * query), and the next read is the quick one.
 */
export function usePeriodicExamDueList(
  db: LocalDb | undefined,
  today: string,
  filters: DeviceDueFilters,
): DeviceDueList | undefined {
  const { states, subgroup } = filters
  const stateKey = states?.join(',') ?? ''
  // stateKey stands for the states (a new array each render) among the query's dependencies.
  const list = useLiveQuery(
    async () => (db ? periodicExamDueList(db, today, { states, subgroup }) : undefined),
    [db, today, stateKey, subgroup],
  )
  const packing = useRef(false)
  const unpacked = list?.unpacked ?? 0
  useEffect(() => {
    if (!db || unpacked <= REPACK_AFTER || packing.current) return
    packing.current = true
    packPeriodicExamSummaries(db)
      .catch(() => {
        // A closed database (a sign-out): the rows are read one by one until the next packing.
      })
      .finally(() => {
        packing.current = false
      })
  }, [db, unpacked])
  return list
}
