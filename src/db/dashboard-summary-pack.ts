import type { LocalDashboardSummary } from './dashboard-summary'
import type { SummaryCodec } from './summary-packs'

/**
 * The dashboard's rows as a pack holds them (decision 0035): the dashboard reads every row of
 * 20 000 patients on opening, and IndexedDB's read and `JSON.parse` cost by the character and by
 * the object. So a pack is a table of the texts its rows repeat (vaccine, subgroup, label and
 * type ids, days, statuses) and each row a tuple of positions in it, its records flattened: a
 * third of the characters of the rows as JSON, a few objects per row instead of dozens, and one
 * string per distinct day or id, which the rules then compare by reference.
 *
 * A packed row: `[patient_id, patient | 0, doses, last_exam_on, exam_due_day, triage, disabilities]`
 * - patient: `[name, subgroups, special_sublabel_ids, hire_date, exam_frequency, birth_date,
 *   biological_sex, occupational_risks]` (its id is the row's);
 * - doses: `vaccineId, doseNumber, applicationDate, booster (1/0)` one after another;
 * - triage: `id, consulted_at, status, pregnancy (1/0/null)` one after another;
 * - disabilities: `id, type_id, start_date, end_date` one after another.
 * Texts other than ids of their own (patients, consultations, disabilities) and names are
 * positions in the table; a null stays null.
 */
type Packed = [
  string,
  PackedPatient | 0,
  (number | null)[],
  number | null,
  number | null,
  (string | number | null)[],
  (string | number)[],
]
type PackedPatient = [
  string,
  number[],
  number[],
  number | null,
  number | null,
  number,
  number | null,
  number[],
]

/** The table of repeated texts a pack is written with. */
function textTable() {
  const texts: string[] = []
  const positions = new Map<string, number>()
  const at = (text: string): number => {
    let position = positions.get(text)
    if (position === undefined) {
      position = texts.length
      texts.push(text)
      positions.set(text, position)
    }
    return position
  }
  const maybe = (text: string | null): number | null => (text === null ? null : at(text))
  return { texts, at, maybe }
}

const flag = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0)

function pack(rows: readonly LocalDashboardSummary[]): string {
  const { texts, at, maybe } = textTable()
  const packed = rows.map((row): Packed => {
    const patient = row.patient
    const doses: (number | null)[] = []
    for (const dose of row.doses)
      doses.push(at(dose.vaccineId), dose.doseNumber, at(dose.applicationDate), dose.booster ? 1 : 0)
    const triage: (string | number | null)[] = []
    for (const t of row.triage) triage.push(t.id, t.consulted_at, at(t.status), flag(t.pregnancy))
    const disabilities: (string | number)[] = []
    for (const d of row.disabilities) disabilities.push(d.id, at(d.type_id), at(d.start_date), at(d.end_date))
    return [
      row.patient_id,
      patient
        ? [
            patient.name,
            patient.subgroups.map(at),
            patient.special_sublabel_ids.map(at),
            maybe(patient.hire_date),
            maybe(patient.exam_frequency),
            at(patient.birth_date),
            maybe(patient.biological_sex),
            patient.occupational_risks.map(at),
          ]
        : 0,
      doses,
      maybe(row.last_exam_on),
      row.exam_due_day,
      triage,
      disabilities,
    ]
  })
  return JSON.stringify([texts, packed])
}

function unpack(text: string): LocalDashboardSummary[] {
  // Written by `pack`: its own shape.
  const [texts, packed] = JSON.parse(text) as [string[], Packed[]]
  const of = (position: number) => texts[position] as string
  const maybe = (position: number | null) => (position === null ? null : of(position))
  const rows: LocalDashboardSummary[] = new Array(packed.length)
  for (let index = 0; index < packed.length; index++) {
    const [patient_id, patient, doses, lastExam, exam_due_day, triage, disabilities] = packed[index] as Packed
    const row: LocalDashboardSummary = {
      patient_id,
      patient:
        patient === 0
          ? null
          : {
              id: patient_id,
              name: patient[0],
              subgroups: patient[1].map(of),
              special_sublabel_ids: patient[2].map(of),
              hire_date: maybe(patient[3]),
              exam_frequency: maybe(patient[4]),
              birth_date: of(patient[5]),
              biological_sex: maybe(patient[6]),
              occupational_risks: patient[7].map(of),
            },
      doses: [],
      last_exam_on: maybe(lastExam),
      exam_due_day,
      triage: [],
      disabilities: [],
    }
    for (let at = 0; at < doses.length; at += 4)
      row.doses.push({
        vaccineId: of(doses[at] as number),
        doseNumber: doses[at + 1] as number,
        applicationDate: of(doses[at + 2] as number),
        booster: doses[at + 3] === 1,
      })
    for (let at = 0; at < triage.length; at += 4) {
      const pregnancy = triage[at + 3]
      row.triage.push({
        id: triage[at] as string,
        consulted_at: triage[at + 1] as string,
        status: of(triage[at + 2] as number),
        pregnancy: pregnancy === null ? null : pregnancy === 1,
      })
    }
    for (let at = 0; at < disabilities.length; at += 4)
      row.disabilities.push({
        id: disabilities[at] as string,
        type_id: of(disabilities[at + 1] as number),
        start_date: of(disabilities[at + 2] as number),
        end_date: of(disabilities[at + 3] as number),
      })
    rows[index] = row
  }
  return rows
}

/** How the dashboard's rows are packed (`summary-packs.ts`). */
export const dashboardSummaryCodec: SummaryCodec<LocalDashboardSummary> = { pack, unpack }
