import { liveQuery } from 'dexie'
import { v7 as uuidv7 } from 'uuid'
import { EXAM_CONDITIONS } from '../../src/contract/schemas/periodic-exams'
import { type LocalPatient, type LocalPeriodicExam, openLocalDb } from '../../src/db/local-db'
import { periodicExamDueList } from '../../src/db/periodic-exam-due'
import { packPeriodicExamSummaries, periodicExamSummaryScope } from '../../src/db/periodic-exam-summary'
import type { PeriodicExamDueResult } from './api'

const NAMES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Jorge']
const LAST_NAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez']
const FREQUENCIES = ['6-months', '1-year', '2-years']

/**
 * `/digital-record/periodic-exams` over a large cache (issue 22's figure: the due state of 20 000
 * cached patients ≤ 500 ms at 4× throttle): every patient's compact summary row read and judged
 * by the contract's rule for today (`periodicExamDueList`), through a Dexie live query as the
 * index's `useLiveQuery` runs it on every open, until its first answer. Nine in ten patients hold
 * `perPatient` exams, spread over the last years so every state shows. No server: the device is
 * offline.
 */
const benchDb = (database: string) => openLocalDb({ tenant: 'bench', userId: `bench-${database}` })

const day = (daysAgo: number) =>
  new Date(Date.UTC(2026, 10, 26) - daysAgo * 86_400_000).toISOString().slice(0, 10)

/** Fills a fresh database with the patients and their exams; answers how many exams. */
export async function periodicExamDueSeed(
  patients: number,
  perPatient: number,
  database: string,
): Promise<number> {
  const db = benchDb(database)
  await db.delete()
  await db.open()
  const patientRows: LocalPatient[] = []
  const exams: LocalPeriodicExam[] = []
  for (let index = 0; index < patients; index++) {
    const id = uuidv7()
    patientRows.push({
      id,
      name: NAMES[index % NAMES.length],
      last_name: LAST_NAMES[(index * 7) % LAST_NAMES.length],
      second_last_name: LAST_NAMES[(index * 3) % LAST_NAMES.length],
      curp: `BENC${String(index).padStart(6, '0')}HDFRRN09`,
      payroll_number: `N${String(index).padStart(6, '0')}`,
      administrative_status: 'active',
      exam_frequency: FREQUENCIES[index % FREQUENCIES.length],
      hire_date: day(400 + (index % 2000)),
      subgroups: [],
      version: 1,
      syncState: 'synced',
    })
    if (index % 10 === 0) continue
    for (let exam = 0; exam < perPatient; exam++) {
      exams.push({
        id: uuidv7(),
        patient_id: id,
        examined_on: day((index % 700) + exam * 365),
        condition: EXAM_CONDITIONS[(index + exam) % 2] as LocalPeriodicExam['condition'],
        observations: 'Sin hallazgos relevantes.',
        recommendations: null,
        exposures: [{ agent: 'noise', years: 3, notes: null }],
        clinical_exams: [],
        version: 1,
        syncState: 'synced',
      })
    }
  }
  // In the summary's scope, as the pull's transaction is: the summary rows are written with them.
  await db.transaction('rw', periodicExamSummaryScope(db), async () => {
    await db.patients.bulkPut(patientRows)
    await db.periodicExams.bulkPut(exams)
  })
  // What the screen does once after a sync brought them: the summary rows packed.
  await packPeriodicExamSummaries(db)
  db.close()
  return exams.length
}

/** The due list worked out `rounds` times over what the seed left; the database goes after. */
export async function periodicExamDueOpen(rounds: number, database: string): Promise<PeriodicExamDueResult> {
  const db = benchDb(database)
  try {
    const dueMs: number[] = []
    const states: Record<string, number> = {}
    for (let round = 0; round < rounds; round++) {
      const start = performance.now()
      const { rows } = await firstAnswer(() => periodicExamDueList(db, '2026-11-26'))
      dueMs.push(performance.now() - start)
      if (round === 0) for (const row of rows) states[row.state] = (states[row.state] ?? 0) + 1
    }
    return { dueMs, states }
  } finally {
    await db.delete()
  }
}

/** A live query's first answer, as `useLiveQuery` gets it when the screen opens; then unsubscribed. */
function firstAnswer<T>(query: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => {
        // The first answer is all the open needs; unsubscribing after this tick.
        queueMicrotask(() => subscription.unsubscribe())
        resolve(value)
      },
      error: reject,
    })
  })
}
