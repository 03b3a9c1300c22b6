import type { ScopePatient } from '../../contract/rules/dashboard/scope'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { LocalDb, LocalDisability } from '../../db/local-db'
import type { DisabilityListPatient, DisabilityNames } from '../../documents/disability-rows'

/** A patient as the index lists them, and as the scope filters (subgroup, special label) read them. */
export type DisabilityIndexPatient = DisabilityListPatient & ScopePatient

/** What the index reads of the device: the live disabilities and their live patients by id. */
export interface DisabilityIndexInputs {
  disabilities: LocalDisability[]
  patients: Map<string, DisabilityIndexPatient>
}

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/**
 * The disabilities of every patient the device holds (the user's care: the feed sends no other)
 * with their patients, read in two passes: the disabilities, then only their patients (not every
 * cached patient). A deleted patient's disabilities drop out, as on the server.
 */
export async function disabilityIndexInputs(db: LocalDb): Promise<DisabilityIndexInputs> {
  const disabilities = (await db.disabilities.toArray()).filter((row) => !row.deleted_at)
  const patientIds = [...new Set(disabilities.map((row) => row.patient_id))]
  const patients = new Map<string, DisabilityIndexPatient>()
  for (const patient of await db.patients.bulkGet(patientIds)) {
    if (!patient || patient.deleted_at) continue
    patients.set(patient.id, {
      id: patient.id,
      name: patient.name ?? '',
      last_name: patient.last_name ?? '',
      second_last_name: patient.second_last_name ?? null,
      payroll_number: patient.payroll_number ?? null,
      curp: patient.curp ?? null,
      subgroups: ids(patient.subgroups),
      special_sublabel_ids: ids(patient.special_sublabel_ids),
    })
  }
  return { disabilities, patients }
}

/**
 * The modalities' and statuses' names as the server's exports print them (every entry of the
 * tenant's catalogues, inactive ones too), from the device's cached catalogues; an entry the cache
 * lacks keeps the name its disability carries.
 */
export function disabilityNames(
  disabilities: readonly LocalDisability[],
  types: readonly CatalogueEntry[],
  statuses: readonly CatalogueEntry[],
): DisabilityNames {
  const typeNames = new Map<string, string>()
  const statusNames = new Map<string, string>()
  for (const row of disabilities) {
    if (row.type_name) typeNames.set(row.type_id, row.type_name)
    if (row.status_name) statusNames.set(row.status_id, row.status_name)
  }
  for (const entry of types) typeNames.set(entry.id, entry.name)
  for (const entry of statuses) statusNames.set(entry.id, entry.name)
  return { types: typeNames, statuses: statusNames }
}
