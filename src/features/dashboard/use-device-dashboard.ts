import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef } from 'react'
import { useCatalogueEntries } from '../../catalogs/use-catalog'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import { packDashboardSummaries } from '../../db/dashboard-summary'
import type { LocalDb } from '../../db/local-db'
import { packPeriodicExamSummaries } from '../../db/periodic-exam-summary'
import { REPACK_AFTER } from '../../db/summary-packs'
import { packVaccinationSummaries } from '../../db/vaccination-summary'
import { answersOf } from './dashboard-answers'
import { type DashboardFilterValues, dashboardFilterOfValues } from './dashboard-filters'
import type { DashboardView, TaskPatient } from './dashboard-view'
import { type DeviceDashboardRead, deviceDashboardOf, readDeviceDashboardRows } from './device-dashboard'

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
 * Packs the summaries the dashboard read one row at a time past a few hundred (after a sync), once
 * the figures are shown: a write, so outside the live query; the next read is the quick one.
 */
function useRepack(db: LocalDb | undefined, read: DeviceDashboardRead | undefined) {
  const packing = useRef(false)
  const { vaccination = 0, exams = 0, dashboard = 0 } = read?.unpacked ?? {}
  useEffect(() => {
    if (!db || packing.current) return
    const packs = [
      vaccination > REPACK_AFTER && packVaccinationSummaries,
      exams > REPACK_AFTER && packPeriodicExamSummaries,
      dashboard > REPACK_AFTER && packDashboardSummaries,
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
  }, [db, vaccination, exams, dashboard])
}

/**
 * The professional's dashboard from the device (`device-dashboard.ts`), so it works offline: the
 * summaries read as a live query (a consultation recorded, a record pulled reads them again), the
 * figures worked out for the filters and the day (a change of filter does not read again), named
 * from the cached catalogues.
 */
export function useDeviceDashboard(
  db: LocalDb | undefined,
  values: DashboardFilterValues,
  today: string,
  timeZone: string,
): DashboardView | undefined {
  const read = useLiveQuery(async () => (db ? readDeviceDashboardRows(db) : undefined), [db])
  useRepack(db, read)
  const affectedSystems = useCatalogueEntries('affected_system')
  const vaccines = useCatalogueEntries('vaccination-records')
  const disabilityTypes = useCatalogueEntries('incapacityType')
  const subgroups = useCatalogueEntries('subgroups')
  return useMemo(() => {
    if (!read) return undefined
    const filter = dashboardFilterOfValues(values, read.labels, timeZone)
    const dashboard = deviceDashboardOf(read, filter, today)
    const answers = answersOf(dashboard.figures, {
      affectedSystems: namesOf(affectedSystems),
      vaccines: namesOf(vaccines),
      disabilityTypes: namesOf(disabilityTypes),
      labels: read.labels,
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
        subgroups: dashboard.subgroupsInUse.map((id) => ({ id, name: itemNames.get(id) ?? id })),
        labels: read.labels.map(({ id, name, sublabels }) => ({ id, name, sublabels })),
      },
    }
  }, [read, values, today, timeZone, affectedSystems, vaccines, disabilityTypes, subgroups])
}
