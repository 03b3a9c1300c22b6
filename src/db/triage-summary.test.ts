import Dexie from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { curpCheckDigit } from '../contract/rules/curp'
import { acknowledgeAll } from '../sync/acknowledge'
import {
  createTriageConsultation,
  declineFollowUp,
  type NewTriageConsultation,
  reclassifyTriage,
} from '../sync/covid-mutators'
import { createPatient, updatePatient } from '../sync/mutators'
import { applyChanges } from '../sync/pull'
import { aDevice, aPatient, CURPS, pendingEntries } from '../sync/test-fixtures'
import { triageListHead } from './covid'
import { localDbName, openLocalDb } from './local-db'

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

/** A consultation as the feed carries it, of a patient the feed brought. */
const pulledConsultation = (id: string, patientId: string, overrides: Record<string, unknown> = {}) => ({
  entity: 'covid-consultation' as const,
  id,
  op: 'upsert' as const,
  version: 1,
  data: {
    id,
    patient_id: patientId,
    consulted_at: '2026-11-20T15:00:00.000Z',
    status: 'patient_contact',
    proposed_classification: 'medium',
    chosen_classification: 'medium',
    classification: 'medium',
    news2_score: 5,
    reclassification_id: null,
    ...overrides,
  },
})

const FOURTH_CURP = `HEHJ800101HDFRRN0${curpCheckDigit('HEHJ800101HDFRRN0')}`
const PULLED = '0193a7f2-5b1e-7c3d-8e4f-00000000c001'

describe('the COVID triage list’s summary', () => {
  it('follows a consultation, a reclassification queued then acknowledged, and a declined follow-up recorded here', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const consultation = await createTriageConsultation(db, ctx, aTriage(patient.id))
    expect(await db.triageSummaries.get(patient.id)).toEqual({
      patient_id: patient.id,
      name: 'María Guadalupe González Martínez',
      curp: CURPS.guadalupe,
      last_id: consultation.id,
      consulted_at: consultation.consulted_at,
      status: 'observation',
      classification: 'low',
      urgency: 0,
      rank: 4,
      recency: -Date.parse(consultation.consulted_at),
      consultations: 1,
      declines: 0,
      declined: 0,
      syncState: 'pending',
    })

    const reclassified = await reclassifyTriage(db, ctx, patient.id, {
      classification: 'high',
      reason: 'Empeoró.',
    })
    expect(await db.triageSummaries.get(patient.id)).toMatchObject({ classification: 'high', urgency: 3 })

    // The server answers the three creates; the reclassification names the consultation it overwrote.
    const entries = await pendingEntries(db)
    await acknowledgeAll(
      db,
      entries
        .filter((entry) => entry.entity !== 'patient')
        .map((entry) => ({
          entry,
          record:
            entry.entity === 'covidReclassification'
              ? {
                  ...reclassified,
                  version: 1,
                  consultation_id: consultation.id,
                  previous_classification: 'low',
                  created_at: '2026-11-24T16:00:00.000Z',
                }
              : { ...consultation, version: 1 },
        })),
    )
    expect(await db.triageSummaries.get(patient.id)).toMatchObject({
      classification: 'high',
      urgency: 3,
      syncState: 'synced',
    })

    await declineFollowUp(db, ctx, patient.id, { kind: 'unreachable', reason: 'No contestó.' })
    expect(await db.triageSummaries.get(patient.id)).toMatchObject({ declines: 1, declined: 1 })
  })

  it('follows the feed: consultations, the server’s reclassification, and the patient’s new name', async () => {
    const { db } = aDevice()
    const patientId = '0193a7f2-5b1e-7c3d-8e4f-00000000a001'
    // The consultation may come before its patient: listed without a name until the patient arrives.
    await applyChanges(db, { changes: [pulledConsultation(PULLED, patientId)], cursor: '1', hasMore: false })
    expect(await db.triageSummaries.get(patientId)).toMatchObject({
      name: null,
      status: 'patient_contact',
      classification: 'medium',
      syncState: 'synced',
    })
    await applyChanges(db, {
      changes: [
        {
          entity: 'patient',
          id: patientId,
          op: 'upsert',
          version: 1,
          data: {
            id: patientId,
            name: 'José',
            last_name: 'Hernández',
            second_last_name: null,
            curp: CURPS.juan,
          },
        },
        pulledConsultation('0193a7f2-5b1e-7c3d-8e4f-00000000c002', patientId, {
          consulted_at: '2026-11-23T15:00:00.000Z',
          status: 'hospitalized',
          classification: 'low-medium',
        }),
      ],
      cursor: '2',
      hasMore: false,
    })
    expect(await db.triageSummaries.get(patientId)).toMatchObject({
      name: 'José Hernández',
      curp: CURPS.juan,
      status: 'hospitalized',
      classification: 'low-medium',
      urgency: 1,
      consultations: 2,
    })
    await applyChanges(db, {
      changes: [
        {
          entity: 'patient',
          id: patientId,
          op: 'upsert',
          version: 2,
          data: {
            id: patientId,
            name: 'José Luis',
            last_name: 'Hernández',
            second_last_name: null,
            curp: CURPS.juan,
          },
        },
        pulledConsultation('0193a7f2-5b1e-7c3d-8e4f-00000000c002', patientId, {
          consulted_at: '2026-11-23T15:00:00.000Z',
          status: 'hospitalized',
          classification: 'high',
          reclassification_id: '0193a7f2-5b1e-7c3d-8e4f-00000000d001',
        }),
      ],
      cursor: '3',
      hasMore: false,
    })
    expect(await db.triageSummaries.get(patientId)).toMatchObject({
      name: 'José Luis Hernández',
      classification: 'high',
    })
    // A deleted patient stays listed, as one no longer on the device.
    await applyChanges(db, {
      changes: [{ entity: 'patient', id: patientId, op: 'delete', version: 3, data: null }],
      cursor: '4',
      hasMore: false,
    })
    expect(await db.triageSummaries.get(patientId)).toMatchObject({ name: null, curp: '' })
  })

  it('renames the patient whoever writes the name, in the same transaction or right after it', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await createTriageConsultation(db, ctx, aTriage(patient.id))
    await updatePatient(db, ctx, patient.id, { name: 'Lupita' })
    expect((await db.triageSummaries.get(patient.id))?.name).toBe('Lupita González Martínez')
    // A write of the patients alone: the summary follows in a transaction of its own.
    await db.patients.update(patient.id, { second_last_name: 'Ruiz' })
    await vi.waitFor(async () =>
      expect((await db.triageSummaries.get(patient.id))?.name).toBe('Lupita González Ruiz'),
    )
    // A patient without a triage gets no row.
    const other = await createPatient(db, ctx, aPatient({ curp: CURPS.ana, name: 'Ana' }))
    await updatePatient(db, ctx, other.id, { name: 'Ana María' })
    expect(await db.triageSummaries.count()).toBe(1)
  })

  it('reads the list’s first page in its order and counts each status, by index', async () => {
    const { db, ctx } = aDevice()
    const ids: string[] = []
    const plan = [
      { status: 'observation', classification: 'low', consulted_at: '2026-11-24T09:30:00.000Z' },
      { status: 'observation', classification: 'high', consulted_at: '2026-11-20T09:30:00.000Z' },
      { status: 'hospitalized', classification: 'high', consulted_at: '2026-11-22T09:30:00.000Z' },
      { status: 'observation', classification: 'medium', consulted_at: '2026-11-21T09:30:00.000Z' },
    ] as const
    for (const [index, visit] of plan.entries()) {
      const curp = [CURPS.juan, CURPS.guadalupe, CURPS.ana, FOURTH_CURP][index]
      const patient = await createPatient(db, ctx, aPatient({ curp, payroll_number: `N0${index}` }))
      ids.push(patient.id)
      await createTriageConsultation(
        db,
        ctx,
        aTriage(patient.id, { ...visit, override_reason: 'Criterio clínico.' }),
      )
    }
    await declineFollowUp(db, ctx, ids[1] as string, { kind: 'unreachable', reason: 'No contestó.' })

    const all = await triageListHead(db, { status: '', classification: '' }, 100)
    // The most urgent first, then the latest consultation.
    expect(all.first.map((row) => row.patient_id)).toEqual([ids[2], ids[1], ids[3], ids[0]])
    expect(all).toMatchObject({ shown: 4, total: 4, declined: 1 })
    expect(Object.fromEntries(all.byStatus)).toEqual({ observation: 3, hospitalized: 1 })

    const observing = await triageListHead(db, { status: 'observation', classification: '' }, 2)
    expect(observing.first.map((row) => row.patient_id)).toEqual([ids[1], ids[3]])
    expect(observing.shown).toBe(3)

    const high = await triageListHead(db, { status: '', classification: 'high' }, 100)
    expect(high.first.map((row) => row.patient_id)).toEqual([ids[2], ids[1]])
    expect(high).toMatchObject({ shown: 2, total: 2, declined: 1 })
    expect(Object.fromEntries(high.byStatus)).toEqual({ observation: 1, hospitalized: 1 })

    const both = await triageListHead(db, { status: 'hospitalized', classification: 'high' }, 100)
    expect(both.first.map((row) => row.patient_id)).toEqual([ids[2]])
    expect(both.shown).toBe(1)
  })

  it('is built on version 13 from the rows a version-12 device holds', async () => {
    const userId = 'nurse-upgrade-12'
    const old = new Dexie(localDbName('demo', userId))
    old.version(12).stores({
      patients: 'id, curp, [sortName+id]',
      covidConsultations: 'id, patient_id, [patient_id+consulted_at], syncState',
      covidReclassifications: 'id, patient_id, [patient_id+reclassified_at]',
      covidDeclines: 'id, patient_id, [patient_id+declined_at]',
    })
    const patientId = '0193a7f2-5b1e-7c3d-8e4f-00000000a002'
    await old.table('patients').add({
      id: patientId,
      name: 'Rosa',
      last_name: 'López',
      curp: CURPS.ana,
      version: 1,
      syncState: 'synced',
      sortName: 'rosa lopez',
    })
    await old.table('covidConsultations').bulkAdd([
      { ...pulledConsultation('c-1', patientId).data, syncState: 'synced', version: 1 },
      {
        ...pulledConsultation('c-2', patientId, {
          consulted_at: '2026-11-25T10:00:00.000Z',
          status: 'observation',
          classification: 'low',
        }).data,
        syncState: 'synced',
        version: 1,
      },
    ])
    await old.table('covidReclassifications').add({
      id: 'r-1',
      patient_id: patientId,
      reclassified_at: '2026-11-25T11:00:00.000Z',
      classification: 'medium',
      reason: 'Fiebre de nuevo.',
      version: 0,
      syncState: 'pending',
    })
    await old.table('covidDeclines').add({
      id: 'd-1',
      patient_id: patientId,
      declined_at: '2026-11-25T12:00:00.000Z',
      kind: 'call',
      reason: 'No contestó.',
      version: 1,
      syncState: 'synced',
    })
    // A consultation of a patient not on the device.
    await old
      .table('covidConsultations')
      .add({ ...pulledConsultation('c-3', 'absent').data, syncState: 'synced', version: 1 })
    old.close()

    const db = openLocalDb({ tenant: 'demo', userId })
    try {
      expect(await db.triageSummaries.get(patientId)).toMatchObject({
        name: 'Rosa López',
        last_id: 'c-2',
        status: 'observation',
        classification: 'medium',
        consultations: 2,
        declines: 1,
        declined: 1,
      })
      expect(await db.triageSummaries.get('absent')).toMatchObject({ name: null, classification: 'medium' })
      expect(await db.triageSummaries.count()).toBe(2)
    } finally {
      await db.delete()
    }
  })
})
