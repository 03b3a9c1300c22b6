import { v7 as uuidv7 } from 'uuid'
import { encounterHistory } from '../../src/db/encounters'
import { openLocalDb } from '../../src/db/local-db'
import { createEncounter } from '../../src/sync/encounter-mutators'
import type { ConsultationSaveResult } from './api'

/** How many consultations the patient already has: a history a clinic reaches in a few years. */
const EARLIER = 40

/**
 * A consultation saved offline to its appearance in the patient's history (DESIGN §7, issue 19):
 * the real mutator (validation, row and outbox entry in one Dexie transaction), then the history's
 * own read, until the new consultation is in it. No server: the device is offline.
 */
export async function consultationSave(rounds: number, database: string): Promise<ConsultationSaveResult> {
  const db = openLocalDb({ tenant: 'bench', userId: `bench-${database}` })
  await db.delete()
  await db.open()
  try {
    const ctx = { userId: 'bench-nurse', tenant: 'bench', userName: 'Enfermera de turno' }
    const patientId = uuidv7()
    await db.patients.put({
      id: patientId,
      name: 'Lucía',
      last_name: 'Castro',
      version: 1,
      syncState: 'synced',
    })
    const consultation = (day: number) => ({
      patient_id: patientId,
      type: 'initial' as const,
      started_at: new Date(Date.UTC(2026, 0, 1 + day, 16, 30)).toISOString(),
      modality: 'on_site' as const,
      call_duration: null,
      reason_id: uuidv7(),
      weight_kg: 72.5,
      height_m: 1.68,
      temperature_c: 36.6,
      oximetry: 97,
      systolic: 120,
      diastolic: 80,
      heart_rate: 72,
      respiratory_rate: 16,
      diagnoses: [
        { code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: uuidv7() },
        { code: 'I10', name: 'Hipertensión esencial', affected_system_id: uuidv7() },
      ],
      subjective: 'Dolor de garganta desde hace dos días.',
      objective: 'Faringe hiperémica.',
      analysis: 'Cuadro viral.',
      plan: 'Reposo y líquidos.',
    })
    for (let day = 0; day < EARLIER; day++) await createEncounter(db, ctx, consultation(day))
    const saveMs: number[] = []
    for (let round = 0; round < rounds; round++) {
      const start = performance.now()
      const saved = await createEncounter(db, ctx, consultation(EARLIER + round))
      const history = await encounterHistory(db, patientId)
      if (history[0]?.id !== saved.id) throw new Error('the saved consultation is not first in the history')
      saveMs.push(performance.now() - start)
    }
    return { saveMs, history: EARLIER + rounds }
  } finally {
    await db.delete()
  }
}
