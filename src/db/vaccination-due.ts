import {
  type DueDoseGiven,
  type DuePatient,
  type DueSchemeEntry,
  type DueVaccine,
  givenEarly,
  type VaccinationDue,
  vaccinationDue,
} from '../contract/rules/vaccination-due'
import {
  type CatalogueEntry,
  OCCUPATIONAL_RISKS,
  type VaccinationSchemeDetails,
  type VaccineDetails,
} from '../contract/schemas/catalogue-definitions'
import type { LocalDb, LocalPatient, LocalVaccinationRecord } from './local-db'

/**
 * What the due-date rule (`src/contract/rules/vaccination-due.ts`, issue 21) needs, gathered from
 * the device's cache: the tenant's vaccines and scheme (catalogues kept like the others), the
 * patient as the scheme reads them, and the doses given. One patient's card and the whole
 * `/vaccinations` list share it: the list reads every record once, in patient order (the
 * `patient_id` index), and works the patients out one after another without a read each.
 */

/** The tenant's vaccines and scheme, as the rule takes them. */
export interface DueCatalogue {
  vaccines: DueVaccine[]
  scheme: DueSchemeEntry[]
}

const VACCINES = 'vaccination-records'
const SCHEME = 'vaccination-scheme'

/** A vaccine of the catalogue with its details (inactive ones too: old doses still count). */
function dueVaccineOf(entry: CatalogueEntry): DueVaccine | null {
  // The catalogue's details are checked by the contract when saved; a row without them is skipped.
  const details = entry.details as Partial<VaccineDetails> | null | undefined
  if (!details || typeof details.doses !== 'number') return null
  return {
    id: entry.id,
    doses: details.doses,
    intervalDays: details.interval_days ?? 0,
    boosterIntervalDays: details.booster_interval_days ?? null,
  }
}

/** An active entry of the scheme; a switched-off one no longer applies to anyone. */
function dueSchemeEntryOf(entry: CatalogueEntry): DueSchemeEntry | null {
  // As above: saved through the contract's schema, so the fields are what it says or absent.
  const details = entry.details as Partial<VaccinationSchemeDetails> | null | undefined
  if (!entry.active || !entry.parent_id || !details) return null
  return {
    vaccineId: entry.parent_id,
    doses: details.doses ?? null,
    ageFrom: details.age_from ?? null,
    ageTo: details.age_to ?? null,
    sex: details.sex ?? null,
    subgroups: details.subgroups ?? [],
    risks: details.risks ?? [],
  }
}

const present = <T>(value: T | null): value is T => value !== null

/** The cached vaccines and scheme; empty lists until the catalogues reach the device. */
export async function dueCatalogue(db: LocalDb): Promise<DueCatalogue> {
  const [vaccines, scheme] = await Promise.all([
    db.catalogueEntries.where('catalogue').equals(VACCINES).toArray(),
    db.catalogueEntries.where('catalogue').equals(SCHEME).toArray(),
  ])
  return {
    vaccines: vaccines.map(dueVaccineOf).filter(present),
    scheme: scheme.map(dueSchemeEntryOf).filter(present),
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

const RISKS: readonly string[] = OCCUPATIONAL_RISKS

/**
 * The patient as the scheme reads them; null without a birth date (no age, so no due date). The
 * occupational risks are the patient's `occupational_risks` where the row has them, else none.
 */
export function duePatientOf(patient: LocalPatient): DuePatient | null {
  const birthDate = patient.birth_date
  if (typeof birthDate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(birthDate)) return null
  return {
    birthDate: birthDate.slice(0, 10),
    sex:
      typeof patient.biological_sex === 'string' && patient.biological_sex !== ''
        ? patient.biological_sex
        : null,
    subgroups: strings(patient.subgroups),
    risks: strings(patient.occupational_risks).filter((risk) => RISKS.includes(risk)),
  }
}

/** A record as the rule counts it (deleted ones are left out by the callers). */
export const doseGivenOf = (record: LocalVaccinationRecord): DueDoseGiven => ({
  vaccineId: record.vaccine_id,
  doseNumber: record.dose_number,
  applicationDate: record.applied_on,
  booster: record.booster,
})

const live = (record: LocalVaccinationRecord) => !record.deleted_at

/** A patient's live records, oldest dose first. */
export async function vaccinationRecordsOf(
  db: LocalDb,
  patientId: string,
): Promise<LocalVaccinationRecord[]> {
  const rows = await db.vaccinationRecords
    .where('[patient_id+applied_on]')
    .between([patientId, ''], [patientId, '\uffff'], true, true)
    .toArray()
  return rows.filter(live)
}

/** One patient's due state on `today` (YYYY-MM-DD); null without a birth date. */
export function dueOf(
  catalogue: DueCatalogue,
  patient: LocalPatient,
  records: readonly LocalVaccinationRecord[],
  today: string,
): VaccinationDue | null {
  const duePatient = duePatientOf(patient)
  if (!duePatient) return null
  return vaccinationDue(
    catalogue.vaccines,
    catalogue.scheme,
    duePatient,
    records.filter(live).map(doseGivenOf),
    today,
  )
}

/**
 * Every cached patient's due state on `today`, by patient id (patients without a birth date are
 * left out). The records are read once in patient order and cut into each patient's run.
 */
export async function dueOfEveryPatient(db: LocalDb, today: string): Promise<Map<string, VaccinationDue>> {
  const [catalogue, patients, records] = await Promise.all([
    dueCatalogue(db),
    db.patients.toArray(),
    db.vaccinationRecords.orderBy('patient_id').toArray(),
  ])
  return dueByPatient(catalogue, patients, records, today)
}

/** The work of `dueOfEveryPatient` on rows already read: `records` in patient order. */
export function dueByPatient(
  catalogue: DueCatalogue,
  patients: readonly LocalPatient[],
  records: readonly LocalVaccinationRecord[],
  today: string,
): Map<string, VaccinationDue> {
  const given = new Map<string, DueDoseGiven[]>()
  let run: DueDoseGiven[] = []
  let runPatient: string | null = null
  for (const record of records) {
    if (record.patient_id !== runPatient) {
      runPatient = record.patient_id
      run = given.get(runPatient) ?? []
      given.set(runPatient, run)
    }
    if (live(record)) run.push(doseGivenOf(record))
  }
  const result = new Map<string, VaccinationDue>()
  for (const patient of patients) {
    if (patient.deleted_at) continue
    const duePatient = duePatientOf(patient)
    if (!duePatient) continue
    result.set(
      patient.id,
      vaccinationDue(catalogue.vaccines, catalogue.scheme, duePatient, given.get(patient.id) ?? [], today),
    )
  }
  return result
}

/** A dose about to be recorded (or an amended one, with its id), as far as its timing goes. */
export interface DoseTiming {
  id?: string
  patient_id: string
  vaccine_id: string
  applied_on: string
  booster: boolean
}

/**
 * Whether the dose comes sooner than its vaccine's minimum interval after the patient's previous
 * dose of it (`givenEarly`), from the device's cache: the mutators ask for a confirmation then.
 * A vaccine the device does not hold yet has no interval to keep.
 */
export async function doseComesEarly(db: LocalDb, dose: DoseTiming): Promise<boolean> {
  const entry = await db.catalogueEntries.get(dose.vaccine_id)
  const vaccine = entry ? dueVaccineOf(entry) : null
  if (!vaccine) return false
  const records = await vaccinationRecordsOf(db, dose.patient_id)
  const previous = records
    .filter((r) => r.vaccine_id === dose.vaccine_id && r.id !== dose.id && r.applied_on <= dose.applied_on)
    .at(-1)
  return givenEarly(vaccine, previous ? { applicationDate: previous.applied_on } : null, {
    applicationDate: dose.applied_on,
    booster: dose.booster,
  })
}

/** The number of a vaccine's next dose for the patient: one after the highest given. */
export function nextDoseNumber(records: readonly LocalVaccinationRecord[], vaccineId: string): number {
  let highest = 0
  for (const record of records) {
    if (record.vaccine_id === vaccineId && !record.deleted_at) highest = Math.max(highest, record.dose_number)
  }
  return highest + 1
}
