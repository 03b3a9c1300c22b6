import type { EmployerPart, IncidentReportPrefill, WorkerPart } from '../schemas/incident-reports'
import type { TenantAddress } from '../schemas/tenant-configuration'

/**
 * What a new ST-7 starts from (SPEC §7 `incident-reports/create/information/{patient}`, issue 23),
 * worked out by one function on the server (the call's answer) and on the device (the form opened
 * offline), so a report begun on a tablet states the employer and the worker exactly as the
 * server would have.
 */

/** The tenant's settings as `get-configurations-tenant` answers them to a signed-in user. */
export interface EmployerSettings {
  business_name: string
  /** Registro patronal; null while the tenant has not given it. */
  employer_registration: string | null
  address: TenantAddress
}

/** The patient's record fields the worker's part copies (API names). */
export interface WorkerSource {
  name?: string | null
  last_name?: string | null
  second_last_name?: string | null
  nss?: string | null
  curp?: string | null
  hire_date?: string | null
}

/** A disability the first attention may have issued, as the form offers it. */
export type LinkableDisability = IncidentReportPrefill['disabilities'][number]

/** An ST-7 as the prefill reads it: the patient's latest gives the occupation and shift. */
export interface EarlierReport {
  id: string
  occurred_on: string
  deleted_at?: string | null
  worker: Pick<WorkerPart, 'occupation' | 'shift'>
}

const given = (value: string | null | undefined) => value?.trim() || null

/**
 * The employer's address as the ST-7 prints it: "street, city, state, C.P. 76120", the parts the
 * tenant has given (its phone belongs to the letterhead, not to the form).
 */
export function employerAddress(address: TenantAddress): string {
  const postalCode = given(address.postal_code)
  return [
    given(address.street),
    given(address.city),
    given(address.state),
    postalCode && `C.P. ${postalCode}`,
  ]
    .filter(Boolean)
    .join(', ')
}

/** The employer's part from the tenant's settings (empty texts where a setting is missing). */
export function employerPartOf(settings: EmployerSettings): EmployerPart {
  return {
    business_name: settings.business_name,
    employer_registration: settings.employer_registration ?? '',
    address: employerAddress(settings.address),
  }
}

/**
 * The worker's part from the patient: name, NSS, CURP and hire date from the record; occupation
 * and shift — which the record does not hold — as the patient's latest ST-7 gave them.
 */
export function workerPartOf(patient: WorkerSource, latest: EarlierReport | null): WorkerPart {
  return {
    name: [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' '),
    nss: patient.nss ?? null,
    curp: patient.curp ?? null,
    occupation: latest?.worker.occupation ?? null,
    shift: latest?.worker.shift ?? null,
    hire_date: patient.hire_date ?? null,
  }
}

/** Newest first by `day`, then by id (UUIDv7: the later written first) — the server's ORDER BY. */
const newestFirst =
  <T extends { id: string }>(day: (row: T) => string) =>
  (a: T, b: T) =>
    day(b).localeCompare(day(a)) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)

/** The patient's latest live ST-7 (by the accident's day), whose worker's part the next copies. */
export function latestReport<T extends EarlierReport>(reports: readonly T[]): T | null {
  return (
    reports.filter((report) => !report.deleted_at).sort(newestFirst((report) => report.occurred_on))[0] ??
    null
  )
}

/** The patient's live disabilities a report may link, newest first (by their start). */
export function linkableDisabilities(
  rows: readonly (LinkableDisability & { deleted_at?: string | null })[],
): LinkableDisability[] {
  return rows
    .filter((row) => !row.deleted_at)
    .sort(newestFirst((row) => row.start_date))
    .map(({ id, start_date, end_date, assigned_number }) => ({ id, start_date, end_date, assigned_number }))
}

/**
 * The prefill of a new ST-7: the employer from the tenant's settings, the worker from the patient
 * (and their latest report), and the disabilities to link, newest first.
 */
export function incidentReportPrefillOf(input: {
  settings: EmployerSettings
  patient: WorkerSource
  reports: readonly EarlierReport[]
  disabilities: readonly (LinkableDisability & { deleted_at?: string | null })[]
}): IncidentReportPrefill {
  return {
    employer: employerPartOf(input.settings),
    worker: workerPartOf(input.patient, latestReport(input.reports)),
    disabilities: linkableDisabilities(input.disabilities),
  }
}
