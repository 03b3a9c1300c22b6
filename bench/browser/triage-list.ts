import { v7 as uuidv7 } from 'uuid'
import { TRIAGE_CLASSIFICATIONS } from '../../src/contract/rules/triage-classification'
import { TRIAGE_STATUSES } from '../../src/contract/schemas/covid'
import { triageListHead, triageSummaries } from '../../src/db/covid'
import { type LocalCovidConsultation, type LocalPatient, openLocalDb } from '../../src/db/local-db'
import { triageSummaryScope } from '../../src/db/triage-summary'
import type { TriageListResult } from './api'

const NAMES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Jorge']
const LAST_NAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez']

/**
 * `/covid` over a large cache (issue 20's bench: 20 000 cached patients, the list opened and
 * filtered by status): what the list paints first (`triageListHead`: the first 100 rows of the
 * status in the list's order, most urgent first, and the counts per status, from the triage
 * summary's indexes), then, apart, the read of every row that follows the paint. Every patient
 * holds `perPatient` consultations and one in ten a queued reclassification, written as the
 * app writes them, so the database keeps their summary. No server: the device is offline.
 */
const benchDb = (database: string) => openLocalDb({ tenant: 'bench', userId: `bench-${database}` })

/** Fills a fresh database with the patients and their triage; answers how many consultations. */
export async function triageListSeed(
  patients: number,
  perPatient: number,
  database: string,
): Promise<number> {
  const db = benchDb(database)
  await db.delete()
  await db.open()
  const patientRows: LocalPatient[] = []
  const consultations: LocalCovidConsultation[] = []
  for (let index = 0; index < patients; index++) {
    const id = uuidv7()
    patientRows.push({
      id,
      name: NAMES[index % NAMES.length],
      last_name: LAST_NAMES[(index * 7) % LAST_NAMES.length],
      second_last_name: LAST_NAMES[(index * 3) % LAST_NAMES.length],
      curp: `BENC${String(index).padStart(6, '0')}HDFRRN09`,
      version: 1,
      syncState: 'synced',
    })
    for (let visit = 0; visit < perPatient; visit++) {
      const classification = TRIAGE_CLASSIFICATIONS[
        (index + visit) % TRIAGE_CLASSIFICATIONS.length
      ] as (typeof TRIAGE_CLASSIFICATIONS)[number]
      consultations.push({
        id: uuidv7(),
        patient_id: id,
        consulted_at: new Date(Date.UTC(2026, 10, 1 + visit * 3, 15, index % 60)).toISOString(),
        status: TRIAGE_STATUSES[(index + visit) % TRIAGE_STATUSES.length] as string,
        proposed_classification: classification,
        chosen_classification: classification,
        classification,
        news2_score: (index + visit) % 12,
        temperature_c: 36.5,
        oximetry: 96,
        respiratory_rate: 18,
        notes: 'Seguimiento telefónico sin datos de alarma.',
        version: 1,
        syncState: 'synced',
      })
    }
  }
  // In one transaction with the summary, as the feed's pull writes them: the summary is kept in it.
  await db.transaction('rw', triageSummaryScope(db), async () => {
    await db.patients.bulkPut(patientRows)
    await db.covidConsultations.bulkPut(consultations)
    await db.covidReclassifications.bulkPut(
      patientRows
        .filter((_, index) => index % 10 === 0)
        .map((patient) => ({
          id: uuidv7(),
          patient_id: patient.id,
          reclassified_at: '2026-11-25T16:00:00.000Z',
          classification: 'high' as const,
          reason: 'Empeoró al llamarle.',
          version: 0,
          syncState: 'pending' as const,
        })),
    )
  })
  db.close()
  return consultations.length
}

/** The list read and filtered `rounds` times over what `triageListSeed` left; the database goes after. */
export async function triageListOpen(rounds: number, database: string): Promise<TriageListResult> {
  const db = benchDb(database)
  try {
    const openMs: number[] = []
    const allMs: number[] = []
    let shown = 0
    for (let round = 0; round < rounds; round++) {
      const start = performance.now()
      const head = await triageListHead(db, { status: 'observation', classification: '' }, 100)
      shown = head.shown
      openMs.push(performance.now() - start)
      const rest = performance.now()
      await triageSummaries(db)
      allMs.push(performance.now() - rest)
    }
    return { openMs, allMs, shown }
  } finally {
    await db.delete()
  }
}
