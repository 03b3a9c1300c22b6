/**
 * Local patient search (DESIGN §7: ≤ 16 ms p95 over 100 000 patients): the demo's generator
 * makes the patients (Spanish names, CURPs and payroll numbers as the seed writes them), the
 * /patients page's own functions make its rows (patient-rows.ts) and the data table's local
 * mode orders and folds them once (local-rows.ts, as useLocalRows does). Each keystroke of
 * names, CURPs and payroll numbers is then timed as the page runs it: the search over the
 * ordered rows and the page of ten shown — narrowing the previous keystroke's matches, as the
 * table does, and also scanning every row each time (a search pasted at once). Medians of
 * BENCH_ROUNDS rounds.
 */
import { pathToFileURL } from 'node:url'
import { generatePerson, randomSource } from '../server/seed/people'
import { emptyRowCache, patientRows, SEARCH_COLUMNS, updateRows } from '../src/features/patients/patient-rows'
import { type Matches, matchRows, pageOf, searchIndex, sortRows } from '../src/ui/data-table/local-rows'
import { median } from './measure'

const COUNT = Number(process.env.BENCH_PATIENTS ?? 100_000)
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5))
const BUDGET_MS = 16
const STATUS_NAMES: Record<string, string> = {
  active: 'Activo',
  inactive: 'Inactivo',
  candidate: 'Candidato',
}

function cachedPatients(count: number) {
  const random = randomSource(20_261_123)
  return Array.from({ length: count }, (_, index) => {
    const person = generatePerson(random, index)
    return {
      id: `p-${index}`,
      name: person.name,
      last_name: person.lastName,
      second_last_name: person.secondLastName,
      curp: person.curp,
      payroll_number: person.payrollNumber,
      administrative_status: person.administrativeStatus,
      version: 1,
      syncState: index % 50 === 0 ? 'pending' : 'synced',
    }
  })
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

const time = <T>(work: () => T): [T, number] => {
  const started = performance.now()
  const result = work()
  return [result, performance.now() - started]
}

/** Table rows `| what | figure | verdict |`. */
export async function patientSearch(): Promise<string[]> {
  const patients = cachedPatients(COUNT)
  // What people type: names and surnames (with and without accents), CURPs and payroll numbers.
  const sample = (i: number) => patients[Math.floor((i * COUNT) / 7)] ?? patients[0]
  const queries = [
    'maria',
    'gonzález',
    'jose luis',
    'hernandez',
    sample(1)?.curp ?? '',
    (sample(2)?.curp ?? '').toLowerCase(),
    sample(3)?.payroll_number ?? '',
    `${sample(4)?.name} ${sample(4)?.last_name}`,
    'zzz',
  ]
  // Each query typed into an empty box, one keystroke at a time.
  const typing = queries.map((query) => [...query].map((_, i) => query.slice(0, i + 1)))
  const keystrokes = typing.flat()
  const rowsBuilt: number[] = []
  const ordered: number[] = []
  const indexed: number[] = []
  const p95s: number[] = []
  const maxima: number[] = []
  const scanP95s: number[] = []
  const rereads: number[] = []
  const refolds: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const labels = { status: (code: string) => STATUS_NAMES[code] ?? code, state: (state: string) => state }
    const [rows, rowsMs] = time(() => patientRows(patients, labels))
    const [sorted, sortMs] = time(() => sortRows(rows, 'full_name', 'asc'))
    const [index, indexMs] = time(() => searchIndex(sorted, SEARCH_COLUMNS))
    rowsBuilt.push(rowsMs)
    ordered.push(sortMs)
    indexed.push(indexMs)
    const times = typing.flatMap((steps) => {
      let previous: Matches<(typeof sorted)[number]> | null = null
      return steps.map((typed) => {
        const [matches, ms] = time(() => {
          const found = matchRows(sorted, index, typed, previous)
          pageOf(found.rows, 1, 10)
          return found
        })
        previous = matches
        return ms
      })
    })
    p95s.push(percentile(times, 95))
    maxima.push(Math.max(...times))
    const scans = keystrokes.map(
      (typed) => time(() => pageOf(matchRows(sorted, index, typed, null).rows, 1, 10))[1],
    )
    scanP95s.push(percentile(scans, 95))

    // A pull changed 100 patients: the database answers a new object for every one of them.
    const cache = emptyRowCache<(typeof patients)[number]>()
    const before = updateRows(cache, patients, labels)
    searchIndex(sortRows(before, 'full_name', 'asc'), SEARCH_COLUMNS)
    const reread = patients.map((p, i) => (i % 1000 === 0 ? { ...p, syncState: 'pending' } : { ...p }))
    const [after, rereadMs] = time(() => updateRows(cache, reread, labels))
    const resorted = sortRows(after, 'full_name', 'asc')
    rereads.push(rereadMs)
    refolds.push(time(() => searchIndex(resorted, SEARCH_COLUMNS))[1])
  }
  const p95 = median(p95s)
  const scanP95 = median(scanP95s)
  const count = COUNT.toLocaleString('en-US').replaceAll(',', ' ')
  return [
    `| rows of ${count} cached patients built (patient-rows.ts) | ${median(rowsBuilt).toFixed(0)} ms | once per change of the cache |`,
    `| ordered by name (collation) | ${median(ordered).toFixed(0)} ms | once per order or filter |`,
    `| search text folded (name, CURP, payroll number) | ${median(indexed).toFixed(0)} ms | on the first search |`,
    `| a pull changed 100 of them: rows again (unchanged ones kept) | ${median(rereads).toFixed(0)} ms | once per change of the cache |`,
    `| … and their search text (only the changed ones folded) | ${median(refolds).toFixed(0)} ms | on the next search |`,
    `| search per keystroke, p95 of ${keystrokes.length} (${queries.length} queries typed) | ${p95.toFixed(2)} ms (max ${median(maxima).toFixed(2)} ms) | ${p95 <= BUDGET_MS ? 'within' : '**above**'} ≤ ${BUDGET_MS} ms |`,
    `| the same searches, each over every row | ${scanP95.toFixed(2)} ms p95 | ${scanP95 <= BUDGET_MS ? 'within' : '**above**'} ≤ ${BUDGET_MS} ms |`,
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.info('| what | figure | verdict |\n|---|---|---|')
  for (const line of await patientSearch()) console.info(line)
}
