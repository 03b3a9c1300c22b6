import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalDb } from '../../db/local-db'
import { readVaccinationIndex, type VaccinationIndex } from './vaccination-index'

/**
 * The `/vaccinations` index from the device (`readVaccinationIndex`), as a live query: a dose
 * recorded, a record pulled or a catalogue refreshed reads it again.
 */
export function useVaccinationIndex(db: LocalDb | undefined, today: string): VaccinationIndex | undefined {
  return useLiveQuery(async () => (db ? readVaccinationIndex(db, today) : undefined), [db, today])
}
