import {
  type DueDoseGiven,
  type DueSchemeEntry,
  type DueVaccine,
  type VaccinationDue,
  vaccinationDue,
} from '../contract/rules/vaccination-due'
import type {
  CatalogueEntry,
  VaccinationSchemeDetails,
  VaccineDetails,
} from '../contract/schemas/catalogue-definitions'
import type { VaccinationRecord } from '../contract/schemas/vaccination-records'

/**
 * What the due-date rule reads, from the data both sides hold under the same names: the
 * catalogues' entries (`vaccination-records`, `vaccination-scheme`), the patient's fields and their
 * records. The device calls these with Dexie's rows, the server with its tables' presented rows,
 * so the card, the index and the spreadsheet agree on every due date.
 */

/** A catalogue entry as far as vaccinations go (the server's answer and the device's copy). */
export type VaccinationCatalogueEntry = Pick<CatalogueEntry, 'id' | 'name' | 'active' | 'parent_id'> & {
  details?: Record<string, unknown> | null
}

/** The vaccines and the scheme, as the rule reads them. */
export interface DueCatalogue {
  vaccines: DueVaccine[]
  scheme: DueSchemeEntry[]
}

/**
 * The rule's vaccines and scheme from the catalogues: only active entries with their details
 * count (an inactive vaccine is no longer applied, so no dose of it falls due).
 */
export function dueCatalogueOf(
  vaccines: readonly VaccinationCatalogueEntry[],
  scheme: readonly VaccinationCatalogueEntry[],
): DueCatalogue {
  const live = new Set<string>()
  const dueVaccines: DueVaccine[] = []
  for (const entry of vaccines) {
    if (!entry.active || !entry.details) continue
    // The details were validated by the catalogue's schema when they were stored.
    const details = entry.details as unknown as VaccineDetails
    live.add(entry.id)
    dueVaccines.push({
      id: entry.id,
      doses: details.doses,
      intervalDays: details.interval_days,
      boosterIntervalDays: details.booster_interval_days,
    })
  }
  const dueScheme: DueSchemeEntry[] = []
  for (const entry of scheme) {
    if (!entry.active || !entry.details || !entry.parent_id || !live.has(entry.parent_id)) continue
    const details = entry.details as unknown as VaccinationSchemeDetails // validated when stored
    dueScheme.push({
      vaccineId: entry.parent_id,
      doses: details.doses ?? null,
      ageFrom: details.age_from ?? null,
      ageTo: details.age_to ?? null,
      sex: details.sex ?? null,
      subgroups: details.subgroups ?? [],
      risks: details.risks ?? [],
    })
  }
  return { vaccines: dueVaccines, scheme: dueScheme }
}

/** The patient's fields the scheme applies by, under the API's names (older rows may lack some). */
export interface DuePatientFields {
  birth_date: string
  biological_sex?: string | null
  subgroups?: readonly string[] | null
  occupational_risks?: readonly string[] | null
}

/** A record's fields the rule reads (deleted records are left out by the caller or here). */
export type DueRecord = Pick<VaccinationRecord, 'vaccine_id' | 'dose_number' | 'applied_on' | 'booster'> & {
  deleted_at?: string | null
}

/** The doses the rule counts: the live records, given here or abroad alike. */
export function dosesGivenOf(records: readonly DueRecord[]): DueDoseGiven[] {
  return records
    .filter((record) => !record.deleted_at)
    .map((record) => ({
      vaccineId: record.vaccine_id,
      doseNumber: record.dose_number,
      applicationDate: record.applied_on,
      booster: record.booster === true,
    }))
}

/** A patient's due dates on `today` (YYYY-MM-DD), from their fields and records. */
export function patientVaccinationDue(
  catalogue: DueCatalogue,
  patient: DuePatientFields,
  records: readonly DueRecord[],
  today: string,
): VaccinationDue {
  return vaccinationDue(
    catalogue.vaccines,
    catalogue.scheme,
    {
      birthDate: patient.birth_date,
      sex: patient.biological_sex ?? null,
      subgroups: patient.subgroups ?? [],
      risks: patient.occupational_risks ?? [],
    },
    dosesGivenOf(records),
    today,
  )
}
