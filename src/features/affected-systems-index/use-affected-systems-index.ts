import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import {
  type AffectedSystemsFilter,
  type AffectedSystemsIndex,
  affectedSystemsIndex,
  type IndexPatient,
} from '../../documents/affected-systems-rows'
import { useLastDefined } from '../../ui/use-last-defined'

const DAY_MS = 86_400_000

/** The instant `days` days from a day's UTC midnight, as the consultations' ISO instants compare. */
const shifted = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString()

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** A cached patient as the index reads it (the API's field names; lists absent on an old row). */
const indexPatient = (patient: LocalPatient): IndexPatient => ({
  id: patient.id,
  name: patient.name ?? '',
  last_name: patient.last_name ?? '',
  second_last_name: text(patient.second_last_name),
  payroll_number: text(patient.payroll_number),
  curp: text(patient.curp),
  subgroups: texts(patient.subgroups),
  special_sublabel_ids: texts(patient.special_sublabel_ids),
  deleted_at: patient.deleted_at ?? null,
})

/**
 * The affected systems' index from the device: the consultations of the period (a day either side
 * read through their instant's index, since a day here starts at another UTC hour; an open end
 * reads on to the first or last) and their patients, through the function the server's
 * spreadsheet runs. Read again whenever a consultation or a patient changes, so one recorded here
 * shows at once; the rows of the last filters stay on screen until those of new ones come.
 */
export function useAffectedSystemsIndex(
  db: LocalDb | undefined,
  filter: AffectedSystemsFilter,
  systemNames: ReadonlyMap<string, string>,
): AffectedSystemsIndex | undefined {
  const { period, subgroup, sublabels, timeZone, affectedSystem, diagnosis } = filter
  const sublabelsKey = sublabels === null ? null : sublabels.join(',')
  const index = useLiveQuery(async () => {
    if (!db) return undefined
    const started = db.encounters.where('started_at')
    const from = period.from === null ? null : shifted(period.from, -1)
    const to = period.to === null ? null : shifted(period.to, 2)
    const read =
      from !== null && to !== null
        ? started.between(from, to)
        : from !== null
          ? started.aboveOrEqual(from)
          : to !== null
            ? started.below(to)
            : db.encounters.toCollection()
    const consultations = await read.toArray()
    const ids = [...new Set(consultations.map((consultation) => consultation.patient_id))]
    const patients = (await db.patients.bulkGet(ids)).filter((patient) => patient !== undefined)
    return affectedSystemsIndex(patients.map(indexPatient), consultations, filter, systemNames)
    // The filter's parts stand for the filter (a new object each render).
  }, [db, period.from, period.to, subgroup, sublabelsKey, timeZone, affectedSystem, diagnosis, systemNames])
  return useLastDefined(index)
}
