import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { vaccinationRecordFiles } from '../contract/endpoints/vaccination'
import { cacheVaccines, HEPATITIS_B, TETANUS } from '../db/vaccination-test-data'
import { entrySchema } from './entry-schema'
import { prepareFile } from './file-mutators'
import { createPatient } from './mutators'
import { aDevice, aPatient, pendingEntries } from './test-fixtures'
import {
  amendVaccinationRecord,
  createVaccinationRecord,
  deleteVaccinationRecord,
  type NewVaccinationRecord,
  VaccinationRefusal,
} from './vaccination-mutators'

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const aDose = (patientId: string, over: Partial<NewVaccinationRecord> = {}): NewVaccinationRecord => ({
  patient_id: patientId,
  vaccine_id: HEPATITIS_B,
  dose_number: 1,
  folio: 'F-2026-0142',
  applied_on: '2026-10-01',
  lot: 'HB2291',
  booster: false,
  vaccinated_abroad: false,
  country_code: null,
  adverse_reactions: [],
  ...over,
})

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7])], { type: 'image/jpeg' })

describe('vaccination records offline', () => {
  it('records a dose with its certificate, the create after the patient’s and the upload after the create', async () => {
    const { db, ctx } = aDevice()
    await cacheVaccines(db)
    const patient = await createPatient(db, ctx, aPatient())
    const certificate = await prepareFile(jpeg(), 'certificado.jpg', vaccinationRecordFiles.limits)
    const row = await createVaccinationRecord(
      db,
      { ...ctx, userName: 'Enf. Rosa Elena Quintero' },
      aDose(patient.id, {
        adverse_reactions: [
          { date: '2026-10-02', time: '08:30', symptoms: 'Dolor en el brazo', comments: null },
        ],
      }),
      certificate,
    )
    expect(row.id).toMatch(UUID_V7)
    expect(await db.vaccinationRecords.get(row.id)).toMatchObject({
      patient_id: patient.id,
      dose_number: 1,
      early_dose_confirmed: false,
      author: { id: ctx.userId, name: 'Enf. Rosa Elena Quintero' },
      syncState: 'pending',
    })
    const [patientCreate, created, upload] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'vaccinationRecord.create',
      entity: 'vaccinationRecord',
      entityId: row.id,
      method: 'POST',
      path: '/api/vaccination/vaccination/user',
      dependsOn: [patientCreate?.mutationId],
    })
    expect(created?.body).not.toHaveProperty('author')
    expect(v.is(entrySchema(created as never), created?.body)).toBe(true)
    expect(upload).toMatchObject({
      kind: 'attachment.create',
      path: `/api/vaccination/vaccination/user/certificate/${row.id}/files`,
      dependsOn: [created?.mutationId],
    })
    expect(await db.files.get(certificate.id)).toMatchObject({
      owner_kind: 'vaccination-record',
      owner_id: row.id,
      patient_id: patient.id,
    })
  })

  it('asks for a confirmation of a dose sooner than the interval, and records a confirmed one as such', async () => {
    const { db, ctx } = aDevice()
    await cacheVaccines(db)
    const patient = await createPatient(db, ctx, aPatient())
    await createVaccinationRecord(db, ctx, aDose(patient.id))
    // 29 days after the first: one short of hepatitis B's 30.
    const second = aDose(patient.id, { dose_number: 2, applied_on: '2026-10-30' })
    const refusal = await createVaccinationRecord(db, ctx, second).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(VaccinationRefusal)
    expect(refusal).toMatchObject({ key: 'vaccination.earlyDoseUnconfirmed', field: 'applied_on' })
    expect(await db.vaccinationRecords.count()).toBe(1)
    const confirmed = await createVaccinationRecord(db, ctx, { ...second, early_dose_confirmed: true })
    expect(confirmed.early_dose_confirmed).toBe(true)
    // On the day the interval ends the dose is on time: no confirmation kept, even if offered.
    const third = await createVaccinationRecord(
      db,
      ctx,
      aDose(patient.id, { dose_number: 3, applied_on: '2026-11-29', early_dose_confirmed: true }),
    )
    expect(third.early_dose_confirmed).toBe(false)
  })

  it('refuses a dose abroad without its country before anything is kept', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    await expect(
      createVaccinationRecord(db, ctx, aDose(patient.id, { vaccinated_abroad: true })),
    ).rejects.toThrow(v.ValiError)
    expect(await db.vaccinationRecords.count()).toBe(0)
  })

  it('amends only what changed, after the create, keeping the country rule on the amended record', async () => {
    const { db, ctx } = aDevice()
    await cacheVaccines(db)
    const patient = await createPatient(db, ctx, aPatient())
    const row = await createVaccinationRecord(db, ctx, aDose(patient.id, { vaccine_id: TETANUS }))
    const amended = await amendVaccinationRecord(db, ctx, row.id, {
      lot: 'TD0912',
      folio: 'F-2026-0142',
      vaccinated_abroad: true,
      country_code: 'USA',
    })
    expect(amended).toMatchObject({ lot: 'TD0912', vaccinated_abroad: true, country_code: 'USA' })
    const entries = await pendingEntries(db)
    const create = entries.find((e) => e.kind === 'vaccinationRecord.create')
    const update = entries.at(-1)
    expect(update).toMatchObject({
      kind: 'vaccinationRecord.update',
      method: 'POST',
      path: `/api/vaccination/vaccination/user/update/${row.id}`,
      body: { lot: 'TD0912', vaccinated_abroad: true, country_code: 'USA' },
      baseVersion: null,
      dependsOn: [create?.mutationId],
    })
    expect(v.is(entrySchema(update as never), update?.body)).toBe(true)
    await expect(amendVaccinationRecord(db, ctx, row.id, { country_code: null })).rejects.toMatchObject({
      key: 'vaccination.countryRequired',
    })
    expect(await amendVaccinationRecord(db, ctx, row.id, { lot: 'TD0912' })).toBeNull()
  })

  it('replaces the certificate photo of an amended dose', async () => {
    const { db, ctx } = aDevice()
    await cacheVaccines(db)
    const patient = await createPatient(db, ctx, aPatient())
    const first = await prepareFile(jpeg(), 'antes.jpg', vaccinationRecordFiles.limits)
    const row = await createVaccinationRecord(db, ctx, aDose(patient.id), first)
    const second = await prepareFile(jpeg(), 'después.jpg', vaccinationRecordFiles.limits)
    await amendVaccinationRecord(db, ctx, row.id, { lot: 'HB3000' }, second)
    const files = await db.files
      .where('[owner_kind+owner_id]')
      .equals(['vaccination-record', row.id])
      .toArray()
    // The first upload never left the device: it goes with its entry; the new one waits for the create.
    expect(files.map((file) => file.name)).toEqual(['después.jpg'])
  })

  it('deletes softly: hidden at once, the delete queued after the record’s changes', async () => {
    const { db, ctx } = aDevice()
    await cacheVaccines(db)
    const patient = await createPatient(db, ctx, aPatient())
    const row = await createVaccinationRecord(db, ctx, aDose(patient.id))
    await deleteVaccinationRecord(db, ctx, row.id)
    expect((await db.vaccinationRecords.get(row.id))?.deleted_at).toBeTruthy()
    const entries = await pendingEntries(db)
    expect(entries.at(-1)).toMatchObject({
      kind: 'vaccinationRecord.delete',
      method: 'DELETE',
      path: `/api/vaccination/vaccination/user/${row.id}`,
      dependsOn: [entries.at(-2)?.mutationId],
    })
  })
})
