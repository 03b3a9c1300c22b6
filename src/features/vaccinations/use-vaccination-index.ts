import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef } from 'react'
import type { LocalDb } from '../../db/local-db'
import { REPACK_AFTER } from '../../db/summary-packs'
import { packVaccinationSummaries } from '../../db/vaccination-summary'
import { readVaccinationIndex, type VaccinationIndex } from './vaccination-index'

/**
 * The `/vaccinations` index from the device (`readVaccinationIndex`), as a live query: a dose
 * recorded, a record or patient pulled or a catalogue refreshed reads it again. When many summary
 * rows changed since they were packed, it packs them once the rows are shown (a write, so outside
 * the live query), and the next read is the quick one.
 */
export function useVaccinationIndex(db: LocalDb | undefined, today: string): VaccinationIndex | undefined {
  const index = useLiveQuery(async () => (db ? readVaccinationIndex(db, today) : undefined), [db, today])
  const packing = useRef(false)
  const unpacked = index?.unpacked ?? 0
  useEffect(() => {
    if (!db || unpacked <= REPACK_AFTER || packing.current) return
    packing.current = true
    packVaccinationSummaries(db)
      .catch(() => {
        // A closed database (a sign-out): the rows are read one by one until the next packing.
      })
      .finally(() => {
        packing.current = false
      })
  }, [db, unpacked])
  return index
}
