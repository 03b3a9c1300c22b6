import type { LinkProps } from '@tanstack/react-router'
import type { ExamDueState } from '../../contract/rules/periodic-exam-due'
import type { TriageStatus } from '../../contract/schemas/covid'
import type { DashboardFilterValues } from './dashboard-filters'

/**
 * Which lists the user may open, and the filters the figures were counted under: a figure links
 * to its list only when the user holds the list's permission and the list can be filtered the
 * same way, so that the number and the list agree (issue 24; docs/decisions/0037).
 */
export interface ListAccess {
  can: (permission: string) => boolean
  /** The filters applied to the figures. */
  filters: DashboardFilterValues
  /** The special sublabels a patient must carry one of (a label resolved to its sublabels); null for none. */
  sublabels: readonly string[] | null
  /** The device's day: a period running to today (or open) is "up to now" for the lists of today. */
  today: string
}

type Search = Record<string, string>

const subgroupOf = (access: ListAccess): Search =>
  access.filters.subgroup ? { subgroup: access.filters.subgroup } : {}

/** The period and the patients' filters as the concentrated lists read them (dashboard semantics). */
const periodAndScope = (access: ListAccess): Search => {
  const { from, to, special_label, sublabel } = access.filters
  return {
    // 'custom' even without days: an open period is the whole history, not the list's default.
    period: 'custom',
    ...(from && { from }),
    ...(to && { to }),
    ...subgroupOf(access),
    ...(special_label && { special_label }),
    ...(sublabel && { sublabel }),
  }
}

/** Whether the figures are not narrowed by a special label (the lists of today have no such filter). */
const unlabelled = (access: ListAccess) => access.sublabels === null

/**
 * The patients list takes one sublabel: a figure counted under a label with several sublabels
 * has no list that matches it.
 */
const patientsScope = (access: ListAccess): Search | undefined => {
  if (access.sublabels === null) return subgroupOf(access)
  const [only] = access.sublabels
  if (access.sublabels.length !== 1 || only === undefined) return undefined
  return { ...subgroupOf(access), special_sublabel: only }
}

/** SPEC §2 top 5 diagnoses: the affected systems' index narrowed to the diagnosis, same period and patients. */
export function diagnosisLink(access: ListAccess, code: string): LinkProps | undefined {
  if (!access.can('affected-systems-concentrated-index')) return undefined
  return { to: '/digital-record/affected-systems', search: { ...periodAndScope(access), diagnosis: code } }
}

/** SPEC §2 top 5 affected systems: the index narrowed to the system. */
export function affectedSystemLink(access: ListAccess, systemId: string): LinkProps | undefined {
  if (!access.can('affected-systems-concentrated-index')) return undefined
  return { to: '/digital-record/affected-systems', search: { ...periodAndScope(access), system: systemId } }
}

/** SPEC §2 lost days: the disabilities' index over the period (of one modality when given). */
export function lostDaysLink(access: ListAccess, typeId?: string): LinkProps | undefined {
  if (!access.can('record-disabilities-index')) return undefined
  const { period: _period, ...search } = periodAndScope(access)
  return {
    to: '/digital-record/medical-reports/record-disabilities',
    search: { ...search, ...(typeId && { type: typeId }) },
  }
}

/** A periodic exam's bucket (a state of today): the due list by state and subgroup. */
export function periodicExamsLink(access: ListAccess, state: ExamDueState): LinkProps | undefined {
  if (!access.can('periodic-exams-index') || !unlabelled(access)) return undefined
  return { to: '/digital-record/periodic-exams', search: { state, ...subgroupOf(access) } }
}

/** A vaccination scheme figure (of today): the vaccinations index by status or overdue doses, and subgroup. */
export function vaccinationsLink(
  access: ListAccess,
  search: { status: 'complete' | 'incomplete' } | { overdue: 'yes' },
): LinkProps | undefined {
  if (!access.can('vaccinations-index') || !unlabelled(access)) return undefined
  return { to: '/vaccinations', search: { ...search, ...subgroupOf(access) } }
}

/**
 * A COVID status: `/covid` lists every patient by the status of their latest triage, whenever it
 * was, and has no subgroup or label filter; the figure counts those whose latest triage falls in
 * the period. They agree when the period runs from the beginning up to today, over every patient.
 */
export function covidLink(access: ListAccess, status: TriageStatus): LinkProps | undefined {
  const { from, to, subgroup } = access.filters
  const wholeHistory = from === '' && (to === '' || to >= access.today)
  if (!access.can('covid-index') || !wholeHistory || subgroup !== '' || !unlabelled(access)) return undefined
  return { to: '/covid', search: { status } }
}

/** The patients the dashboard counts over (a state of today): the patients list by subgroup and sublabel. */
export function patientsLink(access: ListAccess): LinkProps | undefined {
  const scope = patientsScope(access)
  if (!access.can('patients-index') || !scope) return undefined
  return { to: '/patients', search: scope }
}

/**
 * Patients carrying a sublabel, within the figures' filters: the patients list by that sublabel
 * (and subgroup), when the label filter, if any, keeps every carrier of it.
 */
export function sublabelLink(access: ListAccess, sublabelId: string): LinkProps | undefined {
  if (!access.can('patients-index')) return undefined
  if (access.sublabels !== null && !access.sublabels.includes(sublabelId)) return undefined
  return { to: '/patients', search: { ...subgroupOf(access), special_sublabel: sublabelId } }
}
