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
  if (cache.labels !== labels) {
    cache.labels = labels
    cache.byId.clear()
  }
  const byId = new Map<string, { patient: P; row: PatientRow<P> }>()
  let unchanged = patients.length === cache.rows.length
  const rows = patients.map((patient, index) => {
    const held = cache.byId.get(patient.id)
    const row =
      held && sameFields(held.patient, patient)
        ? held.row
        : (patientRows([patient], labels)[0] as PatientRow<P>)
    byId.set(patient.id, { patient, row })
    if (cache.rows[index] !== row) unchanged = false
    return row
  })
  cache.byId = byId
  if (!unchanged) cache.rows = rows
  return cache.rows
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
