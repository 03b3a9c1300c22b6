import { useEffect, useState } from 'react'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import {
  dashboardAffectedSystems,
  dashboardClosedDays,
  dashboardCovid,
  dashboardDiagnoses,
  dashboardFilters,
  dashboardPatientCharts,
  dashboardPeriodicExams,
  dashboardSpecialLabels,
  dashboardTopAffectedSystems,
  dashboardVaccines,
} from '../../contract/endpoints/dashboard'
import type { DashboardQuery } from '../../contract/schemas/dashboard'
import type { DashboardAnswers } from './dashboard-answers'
import type { DashboardView } from './dashboard-view'

export type ServerDashboard =
  | { status: 'loading'; view?: DashboardView }
  | { status: 'loaded'; view: DashboardView }
  | { status: 'error'; error: unknown; view?: DashboardView }

/** Every item's call under the query, at once. */
async function answersFor(query: DashboardQuery, signal: AbortSignal): Promise<DashboardAnswers> {
  const options = { query, signal }
  const [
    periodicExams,
    vaccines,
    covid,
    specialLabels,
    topDiagnoses,
    topAffectedSystems,
    affectedSystems,
    closedDays,
  ] = await Promise.all([
    call(dashboardPeriodicExams, options),
    call(dashboardVaccines, options),
    call(dashboardCovid, options),
    call(dashboardSpecialLabels, options),
    call(dashboardDiagnoses, options),
    call(dashboardTopAffectedSystems, options),
    call(dashboardAffectedSystems, options),
    call(dashboardClosedDays, options),
  ])
  return {
    periodicExams,
    vaccines,
    covid,
    specialLabels,
    topDiagnoses,
    topAffectedSystems,
    affectedSystems,
    closedDays,
  }
}

/**
 * The tenant-wide dashboard of an administrator (all-assignments) from the server's calls (SPEC §7
 * "Dashboard reports and exports", and `/patients-chart` for the patient charts, decision 0036),
 * which count over every patient of the tenant: the device holds
 * only what its user works with. Needs the network; the filters come from `get-filters/dashboard`.
 * The previous answer stays on screen while a change of filter is read.
 */
export function useServerDashboard(query: DashboardQuery, enabled: boolean): ServerDashboard {
  const filters = useCall(dashboardFilters, {}, '', enabled)
  const key = JSON.stringify(query)
  const [state, setState] = useState<ServerDashboard>({ status: 'loading' })
  // `key` stands for the query (a new object each render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for query
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    setState((previous) => ({ status: 'loading', view: previous.view }))
    // The patient charts are not part of the PDF's figures: asked beside them.
    Promise.all([
      answersFor(query, controller.signal),
      call(dashboardPatientCharts, { query, signal: controller.signal }),
    ])
      .then(([answers, patients]) =>
        setState({ status: 'loaded', view: { answers, patients, tasks: null, choices: emptyChoices } }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error })
      })
    return () => controller.abort()
  }, [key, enabled])
  const choices = filters.data
    ? {
        subgroups: filters.data.subgroups,
        labels: filters.data.special_labels.map(({ id, name, sublabels }) => ({ id, name, sublabels })),
      }
    : emptyChoices
  if (state.status === 'loaded') return { status: 'loaded', view: { ...state.view, choices } }
  if (!state.view) return state
  return { ...state, view: { ...state.view, choices } }
}

const emptyChoices: DashboardView['choices'] = { subgroups: [], labels: [] }
