import { type DuePatient, vaccinationDueOutliner } from '../../contract/rules/vaccination-due'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { LocalDb, LocalVaccinationSummary } from '../../db/local-db'
import { readSummaries } from '../../db/summary-packs'
import { type DueCatalogue, dueCatalogue } from '../../db/vaccination-due'
import { vaccinationSummaryTables } from '../../db/vaccination-summary'
import {
  byVaccinationUrgency,
  type VaccinationIndexRow,
  vaccinationIndexRowFromOutline,
} from '../../documents/vaccination-rows'

/** An index row as the table shows it, with what its filters read of the patient. */
export interface VaccinationIndexEntry extends VaccinationIndexRow {
  /** The table's row key: the patient's id. */
  id: string
  /** The summary's `sortName`: the index's order among rows equally urgent. */
  sort_name: string
  next_vaccine_name: string
  subgroups: string[]
  occupational_risks: string[]
}

export interface VaccinationIndex {
  /** Every listed patient, in the index's order (`inIndexOrder`). */
  entries: VaccinationIndexEntry[]
  /** The vaccines of the catalogue, inactive ones too (a row may name one), in its order. */
  vaccines: CatalogueEntry[]
  /** The subgroup items the listed patients carry, as `get-filters/vaccinations` answers them. */
  subgroupsInUse: string[]
  /** How many summary rows changed since they were last packed (read one by one). */
  unpacked: number
}

/**
 * `byVaccinationUrgency` (the most overdue, then the soonest due, then by name) with the names
 * compared by their sort names, as the patient list orders them: 20 000 rows hold thousands of
 * equal due dates, and a collator over each tie was half the index's work at 4× throttle. The
 * spreadsheet sorts its rows again by `byVaccinationUrgency`, as the server's does.
 */
function inIndexOrder(a: VaccinationIndexEntry, b: VaccinationIndexEntry): number {
  if (a.overdue_count !== b.overdue_count) return b.overdue_count - a.overdue_count
  const aDue = a.next_due_date ?? '9999-12-31'
  const bDue = b.next_due_date ?? '9999-12-31'
  if (aDue !== bDue) return aDue < bDue ? -1 : 1
  return a.sort_name < b.sort_name ? -1 : a.sort_name > b.sort_name ? 1 : byVaccinationUrgency(a, b)
}

/** A row the index lists: a patient here with a birth date (no age, no due date). */
const listed = (
  row: LocalVaccinationSummary,
): row is LocalVaccinationSummary & DuePatient & { name: string } =>
  row.name !== null && row.birthDate !== null

/**
 * The `/vaccinations` index's rows from the summary rows (works offline): each cached patient
 * (the ones the user may see) with a birth date, their due state worked out for `today` by the
 * rule (`vaccinationDueOutliner`: the catalogue grouped once, no per-vaccine objects), laid out by
 * the function the server's spreadsheet uses, in the index's order.
 */
export function vaccinationIndexOf(
  catalogue: DueCatalogue,
  vaccines: readonly CatalogueEntry[],
  summaries: readonly LocalVaccinationSummary[],
  today: string,
): { entries: VaccinationIndexEntry[]; subgroupsInUse: string[] } {
  const outline = vaccinationDueOutliner(catalogue.vaccines, catalogue.scheme)
  const names = new Map(vaccines.map((entry) => [entry.id, entry.name]))
  const entries: VaccinationIndexEntry[] = []
  const subgroups = new Set<string>()
  for (const summary of summaries) {
    if (!listed(summary)) continue
    const row = vaccinationIndexRowFromOutline(
      {
        id: summary.patient_id,
        patient_name: summary.name,
        payroll_number: summary.payroll_number,
        curp: summary.curp,
      },
      outline(summary, summary.doses, today),
    )
    for (const id of summary.subgroups) subgroups.add(id)
    // Onto the row itself: a spread into a new object took longer than the rule over 20 000 rows.
    const entry = row as VaccinationIndexEntry
    entry.id = summary.patient_id
    entry.sort_name = summary.sortName
    entry.next_vaccine_name = row.next_vaccine_id ? (names.get(row.next_vaccine_id) ?? '') : ''
    entry.subgroups = summary.subgroups
    entry.occupational_risks = summary.risks
    entries.push(entry)
  }
  entries.sort(inIndexOrder)
  return { entries, subgroupsInUse: [...subgroups].sort() }
}

const byCatalogueOrder = (a: CatalogueEntry, b: CatalogueEntry) =>
  a.position - b.position || a.name.localeCompare(b.name, 'es')

/**
 * Reads what the index needs from the device in one read transaction (the catalogues and every
 * summary row, from its packs and the rows changed since: `vaccination-summary.ts`) and works it
 * out: what the screen's live query runs, and what the bench measures.
 */
export async function readVaccinationIndex(db: LocalDb, today: string): Promise<VaccinationIndex> {
  const [catalogue, vaccines, summaries] = await db.transaction(
    'r',
    [db.catalogueEntries, db.vaccinationSummaries, db.vaccinationSummaryChanges, db.vaccinationSummaryPacks],
    () =>
      Promise.all([
        dueCatalogue(db),
        db.catalogueEntries.where('catalogue').equals('vaccination-records').toArray(),
        readSummaries(vaccinationSummaryTables(db)),
      ]),
  )
  vaccines.sort(byCatalogueOrder)
  return {
    ...vaccinationIndexOf(catalogue, vaccines, summaries.rows, today),
    vaccines,
    unpacked: summaries.unpacked,
  }
}
