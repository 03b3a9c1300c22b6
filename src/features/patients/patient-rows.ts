/**
 * The /patients table's rows over the device's cached patients: what each row shows and is
 * searched by (name, CURP, payroll number), and the filters of SPEC §7 get-filters/patients
 * (administrative status, subgroup, special label, assigned professional), whose choices come
 * from the rows themselves or the cached special labels, so they work offline. Pure, so the search bench measures exactly what the
 * page does.
 */

import { UNASSIGNED } from '../../contract/schemas/patient-lookups'
import { fullName } from '../../db/patient-sort-name'

/** What the rows need of a cached patient (LocalPatient fits). */
export interface CachedPatient {
  id: string
  name?: string
  last_name?: string
  second_last_name?: string | null
  curp?: string
  payroll_number?: string | null
  administrative_status?: unknown
  subgroups?: unknown
  /** The ids of the special sublabels the patient carries. */
  special_sublabel_ids?: unknown
  /** Who has the patient in their care (ids and names in the same order), as the server says. */
  assigned_user_ids?: unknown
  assigned_user_names?: unknown
  syncState: string
  [field: string]: unknown
}

export type PatientRow<P extends CachedPatient = CachedPatient> = P & {
  full_name: string
  administrative_status_label: string
  subgroups_label: string
  assigned_label: string
  state_label: string
}

export interface RowLabels {
  /** The name of an administrative status code, in the app's language. */
  status: (code: string) => string
  /** The words for a sync state (synced, pending…). */
  state: (state: string) => string
  /** A subgroup item's name, by its id (the device's copy of the subgroups catalogue). */
  subgroup?: (id: string) => string
}

/** The patient's subgroups, whatever the row holds (older rows have none). */
export const subgroupsOf = (patient: CachedPatient): string[] =>
  Array.isArray(patient.subgroups) ? patient.subgroups.filter((s): s is string => typeof s === 'string') : []

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : []

/** The ids of the special sublabels the patient carries (none on older rows). */
export const sublabelsOf = (patient: CachedPatient): string[] => strings(patient.special_sublabel_ids)

/** The ids of the professionals who have the patient in their care (none before the server says). */
export const assigneesOf = (patient: CachedPatient): string[] => strings(patient.assigned_user_ids)

/** The names of those professionals, for the row. */
export const assignedNames = (patient: CachedPatient): string =>
  strings(patient.assigned_user_names).join(', ')

const statusOf = (patient: CachedPatient): string =>
  typeof patient.administrative_status === 'string' ? patient.administrative_status : ''

export function patientRows<P extends CachedPatient>(
  patients: readonly P[],
  labels: RowLabels,
): PatientRow<P>[] {
  return patients.map((patient) => {
    const status = statusOf(patient)
    return {
      ...patient,
      full_name: fullName(patient),
      administrative_status_label: status ? labels.status(status) : '',
      subgroups_label: subgroupsOf(patient)
        .map((id) => labels.subgroup?.(id) ?? id)
        .filter(Boolean)
        .join(', '),
      assigned_label: assignedNames(patient),
      state_label: labels.state(patient.syncState),
    }
  })
}

/** What the page keeps between two reads of the cache: the rows it made, by patient id. */
export interface RowCache<P extends CachedPatient> {
  labels: RowLabels | null
  byId: Map<string, { patient: P; row: PatientRow<P> }>
  rows: PatientRow<P>[]
}

export const emptyRowCache = <P extends CachedPatient>(): RowCache<P> => ({
  labels: null,
  byId: new Map(),
  rows: [],
})

function sameFields(a: CachedPatient, b: CachedPatient): boolean {
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  for (const key of keys) {
    const left = a[key]
    const right = b[key]
    if (left === right) continue
    // Lists (subgroups) come back as new arrays on every read: compare their items.
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false
    if (left.some((item, i) => item !== right[i])) return false
  }
  return true
}

/**
 * The rows for a new read of the cache, reusing the row of every patient whose fields did not
 * change (and the whole array when none did). The database answers new objects on every read;
 * keeping the rows keeps what the table hangs on them (their folded search text) and spares
 * rebuilding 100 000 rows because a pull changed a few. New labels (a language) rebuild all.
 */
export function updateRows<P extends CachedPatient>(
  cache: RowCache<P>,
  patients: readonly P[],
  labels: RowLabels,
): PatientRow<P>[] {
  const update = rowUpdate(cache, labels)
  update.add(patients)
  return update.finish()
}

/** A new read of the cache taken in slices (see updateRows): rows made slice by slice. */
export interface RowUpdate<P extends CachedPatient> {
  /** The rows of the next patients of the read, in its order. */
  add(patients: readonly P[]): PatientRow<P>[]
  /** Every row of the read: the cache's former array when nothing changed. */
  finish(): PatientRow<P>[]
}

export function rowUpdate<P extends CachedPatient>(cache: RowCache<P>, labels: RowLabels): RowUpdate<P> {
  if (cache.labels !== labels) {
    cache.labels = labels
    cache.byId.clear()
  }
  const byId = new Map<string, { patient: P; row: PatientRow<P> }>()
  const rows: PatientRow<P>[] = []
  let unchanged = true
  return {
    add(patients) {
      return patients.map((patient) => {
        const held = cache.byId.get(patient.id)
        const row =
          held && sameFields(held.patient, patient)
            ? held.row
            : (patientRows([patient], labels)[0] as PatientRow<P>)
        byId.set(patient.id, { patient, row })
        if (cache.rows[rows.length] !== row) unchanged = false
        rows.push(row)
        return row
      })
    },
    finish() {
      cache.byId = byId
      if (!unchanged || rows.length !== cache.rows.length) cache.rows = rows
      return cache.rows
    },
  }
}

/** The columns the search looks in (SPEC issue 6: name, CURP, payroll number). */
export const SEARCH_COLUMNS = ['full_name', 'curp', 'payroll_number'] as const

/**
 * A chosen value per filter (the keys of the server's table filters), or none. `assigned_to` is
 * a professional's id or UNASSIGNED.
 */
export interface PatientFilterValues {
  administrative_status: string | null
  subgroup: string | null
  /** A special sublabel's id. */
  special_sublabel: string | null
  assigned_to: string | null
}

export const NO_FILTERS: PatientFilterValues = {
  administrative_status: null,
  subgroup: null,
  special_sublabel: null,
  assigned_to: null,
}

export interface FilterChoices {
  administrativeStatuses: string[]
  subgroups: string[]
  /** The professionals the cached patients are assigned to, by id, with their names. */
  professionals: Array<{ value: string; label: string }>
}

const collator = new Intl.Collator('es', { sensitivity: 'base' })

/** The values present in the rows, each once, in alphabetical order. */
export function filterChoices(patients: readonly CachedPatient[]): FilterChoices {
  const statuses = new Set<string>()
  const subgroups = new Set<string>()
  const professionals = new Map<string, string>()
  for (const patient of patients) {
    const status = statusOf(patient)
    if (status) statuses.add(status)
    for (const subgroup of subgroupsOf(patient)) subgroups.add(subgroup)
    const names = strings(patient.assigned_user_names)
    for (const [index, id] of assigneesOf(patient).entries()) professionals.set(id, names[index] ?? id)
  }
  return {
    administrativeStatuses: [...statuses].sort(collator.compare),
    subgroups: [...subgroups].sort(collator.compare),
    professionals: [...professionals]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  }
}

/** Whether the patient is in the care of `assigned` (a professional's id, or UNASSIGNED: nobody's). */
const assignedMatches = (patient: CachedPatient, assigned: string) => {
  const ids = assigneesOf(patient)
  return assigned === UNASSIGNED ? ids.length === 0 : ids.includes(assigned)
}

/** The rows that hold every chosen value; the same array when nothing is chosen. */
export function applyFilters<R extends CachedPatient>(
  rows: readonly R[],
  filters: PatientFilterValues,
): readonly R[] {
  const {
    administrative_status: status,
    subgroup,
    special_sublabel: sublabel,
    assigned_to: assigned,
  } = filters
  if (status === null && subgroup === null && sublabel === null && assigned === null) return rows
  return rows.filter(
    (row) =>
      (status === null || statusOf(row) === status) &&
      (subgroup === null || subgroupsOf(row).includes(subgroup)) &&
      (sublabel === null || sublabelsOf(row).includes(sublabel)) &&
      (assigned === null || assignedMatches(row, assigned)),
  )
}
