import { pathFor } from '../contract/endpoints/define'
import { bloodPressure, createPatient, glucose, updatePatient } from '../contract/endpoints/operation'
import { recordSectionCalls } from '../contract/endpoints/record-sections'
import { RECORD_SECTIONS, type RecordSection } from '../contract/schemas/record-sections'
import type { ReadingKind } from '../db/local-db'

/**
 * The server paths the outbox writes into its entries, taken from the contract so that nothing
 * else repeats them. An entry keeps its path forever: a route renamed later must keep answering
 * the old one while devices still hold entries for it.
 */
export const syncPaths = {
  createPatient: pathFor(createPatient),
  updatePatient: (id: string) => pathFor(updatePatient, { id }),
  createReading: (kind: ReadingKind) =>
    pathFor(kind === 'blood-pressure' ? bloodPressure.create : glucose.create),
  createRecordSection: (section: RecordSection) => pathFor(recordSectionCalls[section].create),
  updateRecordSection: (section: RecordSection, id: string) =>
    pathFor(recordSectionCalls[section].update, { id }),
  deleteRecordSection: (section: RecordSection, id: string) =>
    pathFor(recordSectionCalls[section].remove, { id }),
} as const

/** The section a record-section entry's path names (`/api/operation/patients/<section>…`). */
export function sectionOfPath(path: string): RecordSection | undefined {
  const name = /^\/api\/operation\/patients\/([\w-]+)/.exec(path)?.[1]
  return RECORD_SECTIONS.find((section) => section === name)
}
