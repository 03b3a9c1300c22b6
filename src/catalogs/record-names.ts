import type { LocalDb } from '../db/local-db'
import type { RecordNames } from '../documents/record-timeline'
import { readList } from './lists'

/**
 * The names a record's codes and ids print as, from the device's cache as the server reads them
 * from its tables (`server/modules/ephi/digital-record.ts`): every cached catalogue value (inactive
 * ones too), the COVID statuses and medical conditions of the reference lists (in the screen's
 * language, which is the document's) and the countries of doses given abroad.
 */
export async function readRecordNames(db: LocalDb): Promise<RecordNames> {
  const [entries, statuses, conditions, countries] = await Promise.all([
    db.catalogueEntries.toArray(),
    readList(db, 'covid-statuses'),
    readList(db, 'medical-conditions'),
    readList(db, 'nationalities'),
  ])
  return {
    catalogue: new Map(entries.map((entry) => [entry.id, entry.name])),
    lists: {
      'covid-statuses': new Map(statuses.map((item) => [item.code, item.name])),
      'medical-conditions': new Map(conditions.map((item) => [item.code, item.name])),
    },
    countries: new Map(countries.map((item) => [item.code, item.country])),
  }
}
