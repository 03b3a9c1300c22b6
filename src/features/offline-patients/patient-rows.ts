/**
 * The /patients table's rows over the device's cached patients: what each row shows and is
 * searched by (name, CURP, payroll number), and the filters of SPEC §7 get-filters/patients
 * (administrative status, subgroup), whose choices come from the rows themselves until the
 * server's list is cached. Pure, so the search bench measures exactly what the page does.
 */

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
  syncState: string
  [field: string]: unknown
}

export type PatientRow<P extends CachedPatient = CachedPatient> = P & {
  full_name: string
  administrative_status_label: string
  subgroups_label: string
  state_label: string
}

export interface RowLabels {
  /** The name of an administrative status code, in the app's language. */
  status: (code: string) => string
  /** The words for a sync state (synced, pending…). */
  state: (state: string) => string
}

/** The patient's subgroups, whatever the row holds (older rows have none). */
export const subgroupsOf = (patient: CachedPatient): string[] =>
  Array.isArray(patient.subgroups) ? patient.subgroups.filter((s): s is string => typeof s === 'string') : []

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
      full_name: [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' '),
      administrative_status_label: status ? labels.status(status) : '',
      subgroups_label: subgroupsOf(patient).join(', '),
      state_label: labels.state(patient.syncState),
    }
  })
}

/** The columns the search looks in (SPEC issue 6: name, CURP, payroll number). */
export const SEARCH_COLUMNS = ['full_name', 'curp', 'payroll_number'] as const

/** A chosen value per filter (the keys of the server's table filters), or none. */
export interface PatientFilterValues {
  administrative_status: string | null
  subgroup: string | null
}

export const NO_FILTERS: PatientFilterValues = { administrative_status: null, subgroup: null }

export interface FilterChoices {
  administrativeStatuses: string[]
  subgroups: string[]
}

const collator = new Intl.Collator('es', { sensitivity: 'base' })

/** The values present in the rows, each once, in alphabetical order. */
export function filterChoices(patients: readonly CachedPatient[]): FilterChoices {
  const statuses = new Set<string>()
  const subgroups = new Set<string>()
  for (const patient of patients) {
    const status = statusOf(patient)
    if (status) statuses.add(status)
    for (const subgroup of subgroupsOf(patient)) subgroups.add(subgroup)
  }
  return {
    administrativeStatuses: [...statuses].sort(collator.compare),
    subgroups: [...subgroups].sort(collator.compare),
  }
}

/** The rows that hold every chosen value; the same array when nothing is chosen. */
export function applyFilters<R extends CachedPatient>(
  rows: readonly R[],
  filters: PatientFilterValues,
): readonly R[] {
  const { administrative_status: status, subgroup } = filters
  if (status === null && subgroup === null) return rows
  return rows.filter(
    (row) =>
      (status === null || statusOf(row) === status) &&
      (subgroup === null || subgroupsOf(row).includes(subgroup)),
  )
}
