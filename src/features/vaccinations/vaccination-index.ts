import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { dueByPatient, dueCatalogue } from '../../db/vaccination-due'
import { type VaccinationIndexRow, vaccinationIndexRowFromDue } from '../../documents/vaccination-rows'

/** An index row with what its filters read of the patient (subgroups, occupational risks). */
export interface VaccinationIndexEntry extends VaccinationIndexRow {
  subgroups: string[]
  occupational_risks: string[]
}

export interface VaccinationIndex {
  entries: VaccinationIndexEntry[]
  /** The vaccines of the catalogue, inactive ones too (a row may name one), in its order. */
  vaccines: CatalogueEntry[]
  /** The subgroup items the listed patients carry, as `get-filters/vaccinations` answers them. */
  subgroupsInUse: string[]
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/**
 * The `/vaccinations` index's rows from the device's cache (works offline): each cached patient
 * (the ones the user may see) with a birth date, their due state on `today` worked out in one pass
 * over every cached record (`dueByPatient`), laid out by the function the server's spreadsheet uses.
 */
export function vaccinationIndexOf(
  catalogue: Awaited<ReturnType<typeof dueCatalogue>>,
  patients: readonly LocalPatient[],
  records: Parameters<typeof dueByPatient>[2],
  today: string,
): { entries: VaccinationIndexEntry[]; subgroupsInUse: string[] } {
  const due = dueByPatient(catalogue, patients, records, today)
  const entries: VaccinationIndexEntry[] = []
  const subgroups = new Set<string>()
  for (const patient of patients) {
    const state = due.get(patient.id)
    if (!state) continue
    const row = vaccinationIndexRowFromDue(
      {
        id: patient.id,
        name: patient.name ?? '',
        last_name: patient.last_name ?? '',
        second_last_name: patient.second_last_name ?? null,
        payroll_number: text(patient.payroll_number),
        curp: text(patient.curp),
      },
      state,
    )
    const carried = strings(patient.subgroups)
    for (const id of carried) subgroups.add(id)
    entries.push({ ...row, subgroups: carried, occupational_risks: strings(patient.occupational_risks) })
  }
  return { entries, subgroupsInUse: [...subgroups].sort() }
}

/**
 * Reads what the index needs from the device in one go (the records in patient order, the
 * `patient_id` index) and works it out: what the screen's live query runs, and the bench measures.
 */
export async function readVaccinationIndex(db: LocalDb, today: string): Promise<VaccinationIndex> {
  const [catalogue, vaccines, patients, records] = await Promise.all([
    dueCatalogue(db),
    db.catalogueEntries.where('catalogue').equals('vaccination-records').toArray(),
    db.patients.toArray(),
    db.vaccinationRecords.orderBy('patient_id').toArray(),
  ])
  vaccines.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'es'))
  return { ...vaccinationIndexOf(catalogue, patients, records, today), vaccines }
}
