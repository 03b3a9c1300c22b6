import { v7 as uuidv7 } from 'uuid'
import { TRIAGE_CLASSIFICATIONS } from '../../src/contract/rules/triage-classification'
import { TRIAGE_STATUSES } from '../../src/contract/schemas/covid'
import { triageRows } from '../../src/db/covid'
import { type LocalCovidConsultation, type LocalPatient, openLocalDb } from '../../src/db/local-db'
import type { TriageListResult } from './api'

const NAMES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Jorge']
const LAST_NAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez']

/**
 * `/covid` over a large cache (issue 20's bench: 20 000 cached patients, the list opened and
 * filtered by status): the list's own read (`triageRows`: every patient with a triage, their last
 * consultation, their classification now, most urgent first), then the status filter the screen
 * applies. Every patient holds `perPatient` consultations and one in ten a queued
 * reclassification. No server: the device is offline.
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
  db.close()
  return consultations.length
}

/** The list read and filtered `rounds` times over what `triageListSeed` left; the database goes after. */
export async function triageListOpen(rounds: number, database: string): Promise<TriageListResult> {
  const db = benchDb(database)
  try {
    const openMs: number[] = []
    let shown = 0
    for (let round = 0; round < rounds; round++) {
      const start = performance.now()
      const rows = await triageRows(db)
      shown = rows.filter((row) => row.status === 'observation').length
      openMs.push(performance.now() - start)
    }
    return { openMs, shown }
  } finally {
    await db.delete()
  }
}
