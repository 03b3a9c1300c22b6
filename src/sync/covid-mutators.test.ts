import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { currentClassification, reclassificationsOf, triageHistory } from '../db/covid'
import {
  CovidRefusal,
  createCovidTest,
  createTriageConsultation,
  declineFollowUp,
  deleteCovidTest,
  type NewTriageConsultation,
  RECLASSIFY_WITHOUT_CONSULTATION,
  reclassifyTriage,
  updateCovidTest,
} from './covid-mutators'
import { entrySchema } from './entry-schema'
import { createPatient } from './mutators'
import { applyChanges } from './pull'
import { aDevice, aPatient, pendingEntries } from './test-fixtures'

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** A calm triage: every NEWS2 parameter at 0 points. */
const aTriage = (
  patientId: string,
  overrides: Partial<NewTriageConsultation> = {},
): NewTriageConsultation => ({
  patient_id: patientId,
  consulted_at: '2026-11-24T09:30:00-06:00',
  status: 'observation',
  symptoms: ['cough'],
  first_symptom_date: '2026-11-22',
  temperature_c: 36.8,
  oximetry: 97,
  systolic: 120,
  diastolic: 78,
  heart_rate: 76,
  respiratory_rate: 16,
  supplemental_oxygen: 'room-air',
  consciousness: 'alert',
  pregnancy: false,
  notes: 'Tos seca desde hace dos días.',
  classification: 'low',
  ...overrides,
})

/** Vital signs a NEWS2 of 7 or more gives: high risk. */
const severe = {
  respiratory_rate: 26,
  oximetry: 90,
  supplemental_oxygen: 'nasal-cannula',
  temperature_c: 39.4,
} as const

describe('COVID triage offline', () => {
  it('records a consultation with the rule’s proposal and the professional’s choice, waiting for the patient’s create', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const row = await createTriageConsultation(
      db,
      { ...ctx, userName: 'Enf. Rosa Elena Quintero' },
      aTriage(patient.id, { weight_kg: 80, height_m: 1.75 }),
    )
    expect(row.id).toMatch(UUID_V7)
    expect(await db.covidConsultations.get(row.id)).toMatchObject({
      patient_id: patient.id,
      consulted_at: '2026-11-24T15:30:00.000Z',
      proposed_classification: 'low',
      classification: 'low',
      chosen_classification: 'low',
      news2_score: 0,
      bmi: 26.1,
      author: { id: ctx.userId, name: 'Enf. Rosa Elena Quintero' },
      syncState: 'pending',
    })
    const [patientCreate, created] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'covidConsultation.create',
      entity: 'covidConsultation',
      entityId: row.id,
      method: 'POST',
      path: `/api/covid/medic-consultation/${patient.id}`,
      dependsOn: [patientCreate?.mutationId],
    })
    expect(created?.body).not.toHaveProperty('news2_score')
    expect(created?.body).not.toHaveProperty('patient_id')
    expect(v.is(entrySchema(created as never), created?.body)).toBe(true)
  })

  it('proposes from the values whatever the caller says, and keeps an override with its reason', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const high = await createTriageConsultation(
      db,
      ctx,
      aTriage(patient.id, { ...severe, classification: 'medium', override_reason: 'Mejoró al reposo.' }),
    )
    expect(high).toMatchObject({
      proposed_classification: 'high',
      classification: 'medium',
      chosen_classification: 'medium',
      override_reason: 'Mejoró al reposo.',
    })
    expect(high.news2_score).toBeGreaterThanOrEqual(7)
    // An override without its reason is refused before anything is kept.
    await expect(
      createTriageConsultation(db, ctx, aTriage(patient.id, { ...severe, classification: 'low' })),
    ).rejects.toThrow(v.ValiError)
    expect(await db.covidConsultations.count()).toBe(1)
  })

  it('raises the proposal one step for a patient of 60 or more (the birth date the device holds)', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient({ birth_date: '1960-01-15' }))
    const row = await createTriageConsultation(db, ctx, aTriage(patient.id, { classification: 'low-medium' }))
    expect(row.proposed_classification).toBe('low-medium')
  })

  it('refuses out-of-range vital signs (SPEC §5) and keeps nothing', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await expect(createTriageConsultation(db, ctx, aTriage(patient.id, { oximetry: 48 }))).rejects.toThrow(
      v.ValiError,
    )
    await expect(
      createTriageConsultation(db, ctx, aTriage(patient.id, { respiratory_rate: 31 })),
    ).rejects.toThrow(v.ValiError)
    expect(await db.covidConsultations.count()).toBe(0)
  })

  it('records a declined follow-up with its reason', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const declined = await declineFollowUp(db, ctx, patient.id, {
      kind: 'unreachable',
      reason: 'No contesta el teléfono.',
    })
    const entries = await pendingEntries(db)
    expect(entries.at(-1)).toMatchObject({
      kind: 'covidDecline.create',
      path: `/api/covid/medic-consultation/reject/${patient.id}`,
      body: { id: declined.id, kind: 'unreachable', reason: 'No contesta el teléfono.' },
    })
    await expect(declineFollowUp(db, ctx, patient.id, { kind: 'declined', reason: ' ' })).rejects.toThrow(
      v.ValiError,
    )
  })

  it('refuses a reclassification with SPEC §8’s key while the device holds no consultation of the patient', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const refused = reclassifyTriage(db, ctx, patient.id, { classification: 'high', reason: 'Empeoró.' })
    await expect(refused).rejects.toBeInstanceOf(CovidRefusal)
    await refused.catch((error: CovidRefusal) => expect(error.key).toBe(RECLASSIFY_WITHOUT_CONSULTATION))
    expect([await db.covidReclassifications.count(), await pendingEntries(db)]).toEqual([
      0,
      [expect.objectContaining({ kind: 'patient.create' })],
    ])
  })

  it('queues a reclassification after the consultation it overwrites, and shows it over it until the server answers', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const consultation = await createTriageConsultation(db, ctx, aTriage(patient.id))
    const reclassified = await reclassifyTriage(db, ctx, patient.id, {
      classification: 'medium',
      reason: 'Disnea de nueva aparición por teléfono.',
    })
    const entries = await pendingEntries(db)
    const create = entries.find((entry) => entry.kind === 'covidConsultation.create')
    expect(entries.at(-1)).toMatchObject({
      kind: 'covidReclassification.create',
      path: `/api/covid/triage-reclassification/${patient.id}`,
      dependsOn: expect.arrayContaining([create?.mutationId]),
    })
    const [last] = await triageHistory(db, patient.id)
    expect(last?.id).toBe(consultation.id)
    expect(currentClassification(last as never, await reclassificationsOf(db, patient.id))).toBe('medium')
    expect(reclassified.syncState).toBe('pending')
    const [row] = await db.triageSummaries.toArray()
    expect(row).toMatchObject({ patient_id: patient.id, classification: 'medium', status: 'observation' })
  })

  it('follows the server once the feed brings the overwritten consultation', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const consultation = await createTriageConsultation(db, ctx, aTriage(patient.id))
    const mine = await reclassifyTriage(db, ctx, patient.id, { classification: 'medium', reason: 'Empeoró.' })
    await db.outbox.clear()
    // Another device's reclassification reached the server after this one: the server's order decides.
    const other = '0193a7f2-5b1e-7c3d-8e4f-0000000000b2'
    await applyChanges(db, {
      changes: [
        {
          entity: 'covid-reclassification',
          id: mine.id,
          op: 'upsert',
          version: 1,
          data: { ...mine, consultation_id: consultation.id, created_at: '2026-11-24T16:00:00.000Z' },
        },
        {
          entity: 'covid-reclassification',
          id: other,
          op: 'upsert',
          version: 1,
          data: {
            id: other,
            patient_id: patient.id,
            consultation_id: consultation.id,
            reclassified_at: '2026-11-24T15:50:00.000Z',
            classification: 'high',
            previous_classification: 'medium',
            reason: 'Saturación en descenso.',
            created_at: '2026-11-24T16:05:00.000Z',
          },
        },
        {
          entity: 'covid-consultation',
          id: consultation.id,
          op: 'upsert',
          version: 3,
          data: { ...consultation, classification: 'high', reclassification_id: other },
        },
      ],
      cursor: '5.1',
      hasMore: false,
    })
    const [last] = await triageHistory(db, patient.id)
    expect(last).toMatchObject({ classification: 'high', syncState: 'synced' })
    expect(currentClassification(last as never, await reclassificationsOf(db, patient.id))).toBe('high')
  })

  it('creates, edits (changed fields against If-Match) and deletes a test', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const test = await createCovidTest(db, ctx, patient.id, {
      date: '2026-11-23',
      type: 'antigen',
      result: 'positive',
    })
    await db.outbox.clear()
    await db.covidTests.put({ ...test, version: 2, syncState: 'synced' })
    const edited = await updateCovidTest(db, ctx, test.id, { result: 'negative', type: 'antigen' })
    expect(edited).toMatchObject({ result: 'negative', syncState: 'pending' })
    const [update] = await pendingEntries(db)
    expect(update).toMatchObject({
      kind: 'covidTest.update',
      method: 'PUT',
      path: `/api/covid/covid-history/covid-tests/patient/${patient.id}/${test.id}`,
      body: { result: 'negative' },
      baseVersion: 2,
      baseValues: { result: 'positive' },
    })
    expect(await updateCovidTest(db, ctx, test.id, { result: 'negative' })).toBeNull()
    await deleteCovidTest(db, ctx, test.id)
    const [, removal] = await pendingEntries(db)
    expect(removal).toMatchObject({
      kind: 'covidTest.delete',
      method: 'DELETE',
      dependsOn: [update?.mutationId],
    })
    expect((await db.covidTests.get(test.id))?.deleted_at).toBeTruthy()
    await expect(updateCovidTest(db, ctx, test.id, { result: 'positive' })).rejects.toThrow(
      'Unknown COVID test',
    )
  })
})
