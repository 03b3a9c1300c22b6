import { useLiveQuery } from 'dexie-react-hooks'
import type { EvolutionChartData, PatientEvolutionNote } from '../../contract/schemas/patient-evolution'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { evolutionChartData, evolutionNotes } from '../../documents/patient-evolution'
import type { DayRange } from '../../ui/charts/date-range'
import { useLastDefined } from '../../ui/use-last-defined'

const DAY_MS = 86_400_000

/** The device's own time zone: its days are the ones the period names. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** The instant `days` days from a day's UTC midnight, as the rows' ISO instants compare. */
const shifted = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString()

export interface PatientEvolution {
  patientId: string
  /** Null when the device does not hold the patient. */
  patient: LocalPatient | null
  chart: EvolutionChartData
  notes: PatientEvolutionNote[]
}

/**
 * A patient's evolution over the days chosen, from the device (so it opens offline and shows at
 * once what was recorded here): the consultations, triages and readings of those days — read a
 * day either side through their `[patient_id+instant]` indexes, since a day here starts at
 * another UTC hour — put through the functions the server's `chart-data` and `notes-evolution`
 * run. Read again whenever one of those rows changes; the last period's stays on screen until the
 * new one's comes.
 */
export function usePatientEvolution(
  db: LocalDb | undefined,
  patientId: string,
  days: DayRange,
): PatientEvolution | undefined {
  const { from, to } = days
  const evolution = useLiveQuery(async () => {
    if (!db) return undefined
    const lower = shifted(from, -1)
    const upper = shifted(to, 2)
    const [patient, consultations, triages, readings] = await Promise.all([
      db.patients.get(patientId),
      db.encounters
        .where('[patient_id+started_at]')
        .between([patientId, lower], [patientId, upper])
        .toArray(),
      db.covidConsultations
        .where('[patient_id+consulted_at]')
        .between([patientId, lower], [patientId, upper])
        .toArray(),
      db.readings.where('[patient_id+taken_at]').between([patientId, lower], [patientId, upper]).toArray(),
    ])
    const period = { from, to, timeZone: deviceTimeZone() }
    return {
      patientId,
      patient: patient && !patient.deleted_at ? patient : null,
      chart: evolutionChartData({ consultations, triages, readings }, period),
      notes: evolutionNotes({ consultations, triages }, period),
    }
  }, [db, patientId, from, to])
  const shown = useLastDefined(evolution)
  // Another patient's evolution never stands in for this one's, even for a moment.
  return shown?.patientId === patientId ? shown : undefined
}
