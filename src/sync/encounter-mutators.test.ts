import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_LIMITS } from '../contract/rules/files'
import { encounterHistory, lastVitalSigns } from '../db/encounters'
import { filesOf } from '../db/files'
import { withCloneableBlobs } from '../test/node-blob'
import {
  attachToEncounter,
  createEncounter,
  type NewEncounter,
  savePrescription,
  updateEncounter,
} from './encounter-mutators'
import { entrySchema } from './entry-schema'
import { prepareFile } from './file-mutators'
import { createPatient } from './mutators'
import { applyChanges } from './pull'
import { aDevice, aPatient, pendingEntries } from './test-fixtures'

const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-000000000001'
const REASON = '0193a7f2-5b1e-7c3d-8e4f-000000000002'
const RESPIRATORY = '0193a7f2-5b1e-7c3d-8e4f-000000000003'
const PARACETAMOL = '0193a7f2-5b1e-7c3d-8e4f-000000000004'
const TABLET_500 = '0193a7f2-5b1e-7c3d-8e4f-000000000005'
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const aConsultation = (overrides: Partial<NewEncounter> = {}): NewEncounter => ({
  patient_id: PATIENT,
  type: 'initial',
  // The form's YYYY/MM/DD HH:MM in central Mexico: stored as the same instant in UTC.
  started_at: '2026-11-20T09:30:00-06:00',
  modality: 'on_site',
  reason_id: REASON,
  weight_kg: 80,
  height_m: 1.75,
  temperature_c: 36.6,
  diagnoses: [{ code: 'j00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY }],
  subjective: 'Congestión nasal.',
  ...overrides,
})

const aLine = {
  medicine_id: PARACETAMOL,
  presentation_id: TABLET_500,
  medicine_name: 'Paracetamol',
  presentation_name: 'Tableta',
  dose: '500 mg',
  quantity: 1,
  unit: 'tablet' as const,
  via: 'oral' as const,
  every_hours: 8,
  for_days: 5,
}

describe('consultations offline', () => {
  it('records the row and its create in one go, waiting for the patient’s own create', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const encounter = await createEncounter(
      db,
      { ...ctx, userName: 'Lucía Mendoza' },
      aConsultation({ patient_id: patient.id }),
    )
    expect(encounter.id).toMatch(UUID_V7)
    expect(await db.encounters.get(encounter.id)).toMatchObject({
      patient_id: patient.id,
      started_at: '2026-11-20T15:30:00.000Z',
      diagnoses: [{ code: 'J00' }],
      prescription: [],
      bmi: 26.1,
      prescriber: { id: ctx.userId, name: 'Lucía Mendoza' },
      version: 0,
      syncState: 'pending',
    })
    const [patientCreate, created] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'encounter.create',
      entity: 'encounter',
      entityId: encounter.id,
      method: 'POST',
      path: '/api/operation/patients/encounter',
      dependsOn: [patientCreate?.mutationId],
    })
    // The body is the contract's: no BMI, no prescriber (the server takes the account from the token).
    expect(created?.body).not.toHaveProperty('bmi')
    expect(created?.body).not.toHaveProperty('prescriber')
    expect(v.is(entrySchema(created as never), created?.body)).toBe(true)
  })

  it('refuses what the contract refuses before writing anything', async () => {
    const { db, ctx } = aDevice()
    await expect(createEncounter(db, ctx, aConsultation({ modality: 'remote' }))).rejects.toThrow(v.ValiError)
    await expect(createEncounter(db, ctx, aConsultation({ diagnoses: [] }))).rejects.toThrow(v.ValiError)
    await expect(createEncounter(db, ctx, aConsultation({ oximetry: 101 }))).rejects.toThrow(v.ValiError)
    expect([await db.encounters.count(), await db.outbox.count()]).toEqual([0, 0])
  })

  it('queues only the changed fields of an amendment, as a POST after the create', async () => {
    const { db, ctx } = aDevice()
    const encounter = await createEncounter(db, ctx, aConsultation())
    const amended = await updateEncounter(db, ctx, encounter.id, {
      weight_kg: 82,
      subjective: 'Congestión nasal.',
    })
    expect(amended).toMatchObject({ weight_kg: 82, bmi: 26.8 })
    const [create, update] = await pendingEntries(db)
    expect(update).toMatchObject({
      kind: 'encounter.update',
      method: 'POST',
      path: `/api/operation/patients/encounter/${encounter.id}`,
      body: { weight_kg: 82 },
      dependsOn: [create?.mutationId],
      baseVersion: null,
    })
    expect(await updateEncounter(db, ctx, encounter.id, { weight_kg: 82 })).toBeNull()
  })

  it('judges the call duration on the consultation as the amendment leaves it', async () => {
    const { db, ctx } = aDevice()
    const encounter = await createEncounter(db, ctx, aConsultation())
    await expect(updateEncounter(db, ctx, encounter.id, { modality: 'remote' })).rejects.toThrow(v.ValiError)
    const remote = await updateEncounter(db, ctx, encounter.id, {
      modality: 'remote',
      call_duration: '00:20',
    })
    expect(remote).toMatchObject({ modality: 'remote', call_duration: '00:20' })
    await expect(updateEncounter(db, ctx, encounter.id, { call_duration: null })).rejects.toThrow(v.ValiError)
  })

  it('writes the prescription on a saved consultation, each new line with its id, refusing duplicates', async () => {
    const { db, ctx } = aDevice()
    const encounter = await createEncounter(db, ctx, aConsultation())
    const twice = savePrescription(db, ctx, encounter.id, [aLine, aLine])
    await expect(twice).rejects.toThrow(v.ValiError)
    await twice.catch((error: v.ValiError<v.GenericSchema>) =>
      expect(error.issues.map((issue) => issue.message)).toEqual(['medicine.duplicateDose']),
    )
    const saved = await savePrescription(db, ctx, encounter.id, [aLine])
    expect(saved?.prescription).toEqual([{ ...aLine, id: expect.stringMatching(UUID_V7), indications: null }])
    await expect(savePrescription(db, ctx, PATIENT, [aLine])).rejects.toThrow('Unknown consultation')
  })

  it('lands pulled consultations in the history, newest first, with the last vital signs', async () => {
    const { db, ctx } = aDevice()
    const mine = await createEncounter(
      db,
      ctx,
      aConsultation({
        started_at: '2026-11-21T10:00:00Z',
        weight_kg: null,
        height_m: null,
        temperature_c: null,
      }),
    )
    const pulled = (id: string, startedAt: string, weight: number) => ({
      entity: 'encounter' as const,
      id,
      op: 'upsert' as const,
      version: 1,
      data: {
        ...aConsultation(),
        id,
        started_at: startedAt,
        weight_kg: weight,
        prescription: [],
        prescriber: null,
      },
    })
    const older = '0193a7f2-5b1e-7c3d-8e4f-0000000000a1'
    const newest = '0193a7f2-5b1e-7c3d-8e4f-0000000000a2'
    await applyChanges(db, {
      changes: [
        pulled(older, '2026-10-01T15:00:00.000Z', 79),
        pulled(newest, '2026-11-25T16:00:00.000Z', 81),
      ],
      cursor: '1.2',
      hasMore: false,
    })
    const history = await encounterHistory(db, PATIENT)
    expect(history.map((row) => row.id)).toEqual([newest, mine.id, older])
    expect(history[0]).toMatchObject({ syncState: 'synced', version: 1 })
    expect((await lastVitalSigns(db, PATIENT))?.id).toBe(newest)
    // Before the newest: the consultation of the 21st took no vital sign, so the one of October.
    expect((await lastVitalSigns(db, PATIENT, '2026-11-25T16:00:00.000Z'))?.weight_kg).toBe(79)
  })
})

withCloneableBlobs()

describe("a consultation's files offline", () => {
  const pdf = () =>
    new Blob([new TextEncoder().encode('%PDF-1.7\n% laboratorio\n')], { type: 'application/pdf' })
  const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7])], { type: 'image/jpeg' })

  it('keeps files picked with a new consultation, each upload waiting for its create', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const files = [
      await prepareFile(pdf(), 'biometría.pdf', DOCUMENT_LIMITS),
      await prepareFile(photo(), 'herida.jpg', DOCUMENT_LIMITS),
    ]
    const encounter = await createEncounter(db, ctx, aConsultation({ patient_id: patient.id }), files)
    const kept = await filesOf(db, 'encounter', encounter.id)
    expect(kept.map((file) => file.name).sort()).toEqual(['biometría.pdf', 'herida.jpg'])
    const entries = await db.outbox.orderBy('seq').toArray()
    const create = entries.find((entry) => entry.kind === 'encounter.create')
    const uploads = entries.filter((entry) => entry.kind === 'attachment.create')
    expect(uploads).toHaveLength(2)
    for (const upload of uploads) {
      expect(upload.dependsOn).toEqual([create?.mutationId])
      expect(upload.path).toBe(`/api/operation/patients/encounter/${encounter.id}/files`)
    }
  })

  it('adds a file to a consultation already recorded', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const encounter = await createEncounter(db, ctx, aConsultation({ patient_id: patient.id }))
    await attachToEncounter(db, ctx, encounter.id, [
      await prepareFile(pdf(), 'espirometría.pdf', DOCUMENT_LIMITS),
    ])
    expect((await filesOf(db, 'encounter', encounter.id)).map((file) => file.patient_id)).toEqual([
      patient.id,
    ])
  })
})
