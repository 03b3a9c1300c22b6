import Dexie from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import type { ReportRecord } from '../../contract/schemas/report-amendments'
import type { LocalDb, LocalReport } from '../../db/local-db'
import type { DeviceReportKind } from '../../sync/medical-report-kinds'

/**
 * A patient's reports of one kind as the device holds them, newest first by the report's day
 * (`kind.day`, indexed with the patient), deleted ones left out. Read from Dexie, so it works
 * offline and follows every write and pull.
 */
export function patientReports<Row extends LocalReport<ReportRecord>>(
  db: LocalDb,
  kind: DeviceReportKind<Row>,
  patientId: string,
): Promise<Row[]> {
  return kind
    .table(db)
    .where(`[patient_id+${kind.day}]`)
    .between([patientId, Dexie.minKey], [patientId, Dexie.maxKey])
    .reverse()
    .filter((row) => !row.deleted_at)
    .toArray()
}

/** The live list for a screen: undefined while it is first read. */
export function usePatientReports<Row extends LocalReport<ReportRecord>>(
  db: LocalDb,
  kind: DeviceReportKind<Row>,
  patientId: string,
): Row[] | undefined {
  return useLiveQuery(() => patientReports(db, kind, patientId), [db, kind, patientId])
}

/** One report, live: undefined while read, null when the device holds no such report. */
export function useReport<Row extends LocalReport<ReportRecord>>(
  db: LocalDb,
  kind: DeviceReportKind<Row>,
  id: string,
): Row | null | undefined {
  return useLiveQuery(
    async () => (await kind.table(db).where('id').equals(id).first()) ?? null,
    [db, kind, id],
  )
}
