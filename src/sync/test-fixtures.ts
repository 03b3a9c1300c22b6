import { afterEach } from 'vitest'
import { curpCheckDigit } from '../contract/rules/curp'
import { type LocalDb, type OutboxEntry, openLocalDb } from '../db/local-db'
import { createPatient, type MutationContext, type NewPatient } from './mutators'
import type { NewBloodPressure, NewGlucose, NewHabit, NewNutrition, NewSomatometry } from './reading-mutators'
import type { SendResult, Transport } from './transport'

/** Test data for the sync engine's tests: realistic Mexican patients and readings (DESIGN §8). */

let opened = 0
const databases: LocalDb[] = []

/** A fresh, empty device database, deleted after the test. */
export function aDevice(userId = `nurse-${++opened}`): { db: LocalDb; ctx: MutationContext } {
  const db = openLocalDb({ tenant: 'demo', userId })
  databases.push(db)
  return { db, ctx: { userId, tenant: 'demo' } }
}

afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete()
})

const curp = (first17: string) => first17 + curpCheckDigit(first17)

export const CURPS = {
  juan: curp('PEGJ900512HJCRRS0'),
  guadalupe: curp('GOMG850317MDFNRD0'),
  ana: curp('LOHA920101MNLPRN0'),
}

export function aPatient(overrides: Partial<NewPatient> = {}): NewPatient {
  return {
    payroll_number: 'N010245',
    administrative_status: 'active',
    name: 'María Guadalupe',
    last_name: 'González',
    second_last_name: 'Martínez',
    birth_date: '1985-03-17',
    curp: CURPS.guadalupe,
    phone: '3312345678',
    address_state_code: '14',
    address_municipality_code: '039',
    address_other: 'Av. Juárez 120, Col. Centro',
    ...overrides,
  }
}

export const aBloodPressure = (
  patientId: string,
  overrides: Partial<NewBloodPressure> = {},
): NewBloodPressure => ({
  patient_id: patientId,
  taken_at: '2026-11-22T09:30:00.000Z',
  systolic: 128,
  diastolic: 82,
  heart_rate: 74,
  ...overrides,
})

export const aGlucose = (patientId: string, overrides: Partial<NewGlucose> = {}): NewGlucose => ({
  patient_id: patientId,
  taken_at: '2026-11-22T07:15:00.000Z',
  glucose: 104,
  moment: 'fasting',
  ...overrides,
})

export const aSomatometry = (patientId: string, overrides: Partial<NewSomatometry> = {}): NewSomatometry => ({
  patient_id: patientId,
  taken_at: '2026-11-22T08:00:00.000Z',
  weight_kg: 72.5,
  height_m: 1.68,
  waist_cm: 84,
  hip_cm: 98,
  temperature_c: 36.6,
  ...overrides,
})

export const aNutrition = (patientId: string, overrides: Partial<NewNutrition> = {}): NewNutrition => ({
  patient_id: patientId,
  taken_at: '2026-11-22T21:00:00.000Z',
  meals: [
    { time: '08:00', description: 'Avena con plátano' },
    { time: '14:30', description: 'Pollo asado con verduras' },
  ],
  water_ml: 1500,
  ...overrides,
})

export const aHabit = (patientId: string, overrides: Partial<NewHabit> = {}): NewHabit => ({
  patient_id: patientId,
  taken_at: '2026-11-22T20:00:00.000Z',
  habit: 'exercise',
  frequency: 'several-per-week',
  quantity: 45,
  ...overrides,
})

/** What a server would answer for an entry: its body as a record with a version. */
export const serverCopy = (entry: OutboxEntry, version: number, extra: Record<string, unknown> = {}) => ({
  id: entry.entityId,
  ...entry.body,
  version,
  ...extra,
})

type Answer = SendResult | ((entry: OutboxEntry) => SendResult | Promise<SendResult>)

/**
 * A transport that answers from a script, in order, and remembers every entry it was given
 * (copied, as the wire would see it). Once the script runs out it answers ok with version 1.
 */
export function scriptedTransport(answers: Answer[] = []): Transport & { sent: OutboxEntry[] } {
  const script = [...answers]
  const sent: OutboxEntry[] = []
  return {
    sent,
    async send(entry) {
      sent.push(structuredClone(entry))
      const answer = script.shift()
      if (answer === undefined) return { kind: 'ok', record: serverCopy(entry, 1) }
      return typeof answer === 'function' ? answer(entry) : answer
    },
  }
}

export const pendingEntries = (db: LocalDb) => db.outbox.orderBy('seq').toArray()

/** A patient the server holds at version 3, cached on the device with its shadow. */
export async function aSyncedPatient(db: LocalDb, ctx: MutationContext) {
  const created = await createPatient(db, ctx, aPatient())
  await db.outbox.clear()
  const { syncState: _state, ...fields } = created
  const server = { ...fields, version: 3 }
  await db.patients.put({ ...server, syncState: 'synced' })
  await db.shadows.put({ entity: 'patient', id: created.id, version: 3, data: server })
  return server
}
