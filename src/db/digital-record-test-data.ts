import type { DigitalRecord } from '../contract/schemas/digital-record'
import { TIMELINE_KINDS } from '../documents/record-timeline'
import type { LocalDb, LocalPatient, LocalRecordSection } from './local-db'

/**
 * Tests' helper: a whole digital record stored on the device as the pull leaves it — each row
 * synced, in the table the timeline's registry names for its kind.
 */
export async function storeDigitalRecord(db: LocalDb, record: DigitalRecord): Promise<void> {
  const synced = <T>(rows: readonly T[]) => rows.map((row) => ({ ...row, syncState: 'synced' as const }))
  await db.patients.put({ ...(record.patient as unknown as LocalPatient), syncState: 'synced' })
  await db.recordSections.bulkPut(synced(record.sections) as unknown as LocalRecordSection[])
  for (const kind of TIMELINE_KINDS) await db.table(kind.table).bulkPut(synced(record.records[kind.kind]))
}
