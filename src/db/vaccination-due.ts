import {
  type DueDoseGiven,
  type DuePatient,
  type DueVaccine,
  givenEarly,
  type VaccinationDue,
  vaccinationDue,
} from '../contract/rules/vaccination-due'
import {
  type CatalogueEntry,
  OCCUPATIONAL_RISKS,
  type VaccineDetails,
} from '../contract/schemas/catalogue-definitions'
import { type DueCatalogue, dueCatalogueOf } from '../documents/vaccination-due-inputs'
import type { LocalDb, LocalPatient, LocalVaccinationRecord } from './local-db'

/**
 * What the due-date rule (`src/contract/rules/vaccination-due.ts`, issue 21) needs, gathered from
 * the device's cache: the tenant's vaccines and scheme (catalogues kept like the others), the
 * patient as the scheme reads them, and the doses given. One patient's card and the whole
 * `/vaccinations` list share it: the list reads every record once, in patient order (the
 * `patient_id` index), and works the patients out one after another without a read each.
 */

export type { DueCatalogue }

const VACCINES = 'vaccination-records'
const SCHEME = 'vaccination-scheme'

/** A vaccine of the catalogue with its details (inactive ones too: an old dose keeps its interval). */
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

/** The catalogue's order, as the server reads it: position, then name. */
const byCatalogueOrder = (a: CatalogueEntry, b: CatalogueEntry) =>
  a.position - b.position || a.name.localeCompare(b.name, 'es')

/**
 * The cached vaccines and scheme as the rule takes them; empty lists until the catalogues reach
 * the device. Which entries count is `dueCatalogueOf`'s, the function the card's PDF and the
 * server's index use, so the screens, the documents and the server agree on every due date.
 */
export async function dueCatalogue(db: LocalDb): Promise<DueCatalogue> {
  const [vaccines, scheme] = await Promise.all([
    db.catalogueEntries.where('catalogue').equals(VACCINES).toArray(),
    db.catalogueEntries.where('catalogue').equals(SCHEME).toArray(),
  ])
  return dueCatalogueOf(vaccines.sort(byCatalogueOrder), scheme.sort(byCatalogueOrder))
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
