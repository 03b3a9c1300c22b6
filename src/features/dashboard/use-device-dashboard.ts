import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef } from 'react'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import { packDashboardConsultations } from '../../db/dashboard-consultations'
import { packDashboardSummaries } from '../../db/dashboard-summary'
import type { LocalDb } from '../../db/local-db'
import { REPACK_AFTER } from '../../db/summary-packs'
import { answersOf } from './dashboard-answers'
import { type DashboardFilterValues, dashboardFilterOfValues } from './dashboard-filters'
import type { DashboardView, TaskPatient } from './dashboard-view'
import {
  type DeviceConsultationsRead,
  type DevicePatientsRead,
  deviceDashboardOf,
  readDeviceConsultations,
  readDevicePatients,
} from './device-dashboard'

const namesOf = (entries: readonly CatalogueEntry[] | undefined) =>
  new Map((entries ?? []).map((entry) => [entry.id, entry.name]))

/** "Subgroup: item" for every item of the subgroups catalogue (the names the filters show). */
const subgroupItemNames = (entries: readonly CatalogueEntry[] | undefined) =>
  new Map(
    (entries ?? []).flatMap((subgroup) =>
      subgroup.items.map((item) => [item.id, `${subgroup.name}: ${item.name}`] as const),
    ),
  )

/**
 * Packs what the dashboard read one row at a time past a few hundred (after a sync), once the
 * figures are shown: a write, so outside the live queries; the next read is the quick one.
 */
function useRepack(
  db: LocalDb | undefined,
  patients: DevicePatientsRead | undefined,
  consultations: DeviceConsultationsRead | undefined,
) {
  const packing = useRef(false)
  const patientRows = patients?.unpacked ?? 0
  const consultationRows = consultations?.unpacked ?? 0
  useEffect(() => {
    if (!db || packing.current) return
    const packs = [
      patientRows > REPACK_AFTER && packDashboardSummaries,
      consultationRows > REPACK_AFTER && packDashboardConsultations,
    ].filter((pack) => pack !== false)
    if (packs.length === 0) return
    packing.current = true
    Promise.all(packs.map((pack) => pack(db)))
      .catch(() => {
        // A closed database (a sign-out): the rows are read one by one until the next packing.
      })
      .finally(() => {
        packing.current = false
      })
  }, [db, patientRows, consultationRows])
}

/**
 * The professional's dashboard from the device (`device-dashboard.ts`), so it works offline: the
 * patients' rows and the consultations of the period's months read as live queries (a
 * consultation recorded, a record pulled reads them again; a new period reads only its
 * consultations), the figures worked out for the filters and the day, named from the cached
 * catalogues.
 */
export function useDeviceDashboard(
  db: LocalDb | undefined,
  values: DashboardFilterValues,
  today: string,
  timeZone: string,
): DashboardView | undefined {
  const patients = useLiveQuery(async () => (db ? readDevicePatients(db) : undefined), [db])
  const period = { from: values.from || null, to: values.to || null }
  const consultations = useLiveQuery(
    async () => (db ? readDeviceConsultations(db, period, timeZone) : undefined),
    [db, period.from, period.to, timeZone],
  )
  useRepack(db, patients, consultations)
  const affectedSystems = useCatalogueEntries('affected_system')
  const vaccines = useCatalogueEntries('vaccination-records')
  const disabilityTypes = useCatalogueEntries('incapacityType')
  const subgroups = useCatalogueEntries('subgroups')
  return useMemo(() => {
    if (!patients || !consultations) return undefined
    const filter = dashboardFilterOfValues(values, patients.labels, timeZone)
    const dashboard = deviceDashboardOf(patients, consultations, filter, today)
    const answers = answersOf(dashboard.figures, {
      affectedSystems: namesOf(affectedSystems),
      vaccines: namesOf(vaccines),
      disabilityTypes: namesOf(disabilityTypes),
      labels: patients.labels,
    })
    const named = (id: string): TaskPatient => ({ id, name: dashboard.names.get(id) ?? id })
    const { tasks } = dashboard.figures
    const itemNames = subgroupItemNames(subgroups)
    return {
      answers,
      patients: dashboard.figures.patients,
      tasks: {
        periodic_exams_due: tasks.periodic_exams_due.map(named),
        vaccinations_overdue: tasks.vaccinations_overdue.map(named),
        covid_follow_ups: tasks.covid_follow_ups.map(named),
        disabilities_ending: tasks.disabilities_ending.map((row) => ({
          ...named(row.patient_id),
          end_date: row.end_date,
        })),
      },
      choices: {
        // None until the subgroups' catalogue is here (a first sign-in brings it after the records):
        // a choice is offered by its name.
        subgroups:
          itemNames.size === 0
            ? []
            : dashboard.subgroupsInUse.map((id) => ({ id, name: itemNames.get(id) ?? id })),
        labels: patients.labels.map(({ id, name, sublabels }) => ({ id, name, sublabels })),
      },
    }
  }, [
    patients,
    consultations,
    values,
    today,
    timeZone,
    affectedSystems,
    vaccines,
    disabilityTypes,
    subgroups,
  ])
}
