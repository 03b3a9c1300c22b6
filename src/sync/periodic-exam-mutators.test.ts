import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { periodicExamResultFiles } from '../contract/endpoints/periodic-exams'
import { acknowledgeAll } from './acknowledge'
import { entrySchema } from './entry-schema'
import { prepareFile } from './file-mutators'
import { createPatient } from './mutators'
import {
  amendPeriodicExam,
  createPeriodicExam,
  deletePeriodicExam,
  type NewPeriodicExam,
  newRowId,
  removePeriodicExamClinicalExam,
} from './periodic-exam-mutators'
import { aDevice, aPatient, pendingEntries } from './test-fixtures'

/** The tenant's `clinicalExam` catalogue entries the exams name. */
const AUDIOMETRY = '0193a7e2-5b1c-7d4e-8f00-0000000000a1'
const SPIROMETRY = '0193a7e2-5b1c-7d4e-8f00-0000000000a2'
const BLOOD_COUNT = '0193a7e2-5b1c-7d4e-8f00-0000000000a3'

const anExam = (patientId: string, rows: NewPeriodicExam['clinical_exams'] = []): NewPeriodicExam => ({
  patient_id: patientId,
  examined_on: '2026-11-20',
  condition: 'compliant',
  observations: 'Hipoacusia leve bilateral, sin cambios.',
  recommendations: 'Uso continuo de protección auditiva.',
  exposures: [{ agent: 'noise', years: 6, notes: '92 dB en prensas' }],
  clinical_exams: rows,
})

const pdf = () =>
  new Blob([new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n')], { type: 'application/pdf' })

describe('periodic exams offline', () => {
  it('records an exam with a clinical exam’s file: the create after the patient’s, the upload after the create', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const audiometry = newRowId()
    const audiogram = await prepareFile(pdf(), 'audiograma.pdf', periodicExamResultFiles.limits)
    const exam = await createPeriodicExam(
      db,
      { ...ctx, userName: 'Dra. Ana López' },
      anExam(patient.id, [{ id: audiometry, clinical_exam_id: AUDIOMETRY, result: 'Umbral 30 dB a 4 kHz' }]),
      { [audiometry]: [audiogram] },
    )
    expect(await db.periodicExams.get(exam.id)).toMatchObject({
      patient_id: patient.id,
      condition: 'compliant',
      author: { id: ctx.userId, name: 'Dra. Ana López' },
      version: 0,
      syncState: 'pending',
    })
    const [patientCreate, created, upload] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'periodicExam.create',
      entity: 'periodicExam',
      entityId: exam.id,
      method: 'POST',
      path: `/api/operation/patients/${patient.id}/periodic-exams`,
      dependsOn: [patientCreate?.mutationId],
    })
    expect(created?.body).not.toHaveProperty('patient_id')
    expect(v.is(entrySchema(created as never), created?.body)).toBe(true)
    // The file belongs to the clinical exam row, which reaches the server with the exam's create.
    expect(upload).toMatchObject({
      kind: 'attachment.create',
      path: `/api/operation/patients/${patient.id}/periodic-exams/${audiometry}/files`,
      dependsOn: [created?.mutationId],
    })
    expect(await db.files.get(audiogram.id)).toMatchObject({
      owner_kind: 'periodic-exam-result',
      owner_id: audiometry,
      patient_id: patient.id,
    })
  })

  it('refuses an exam the contract refuses before anything is kept', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const twice = [
      { id: newRowId(), clinical_exam_id: AUDIOMETRY, result: null },
      { id: newRowId(), clinical_exam_id: AUDIOMETRY, result: null },
    ]
    await expect(createPeriodicExam(db, ctx, anExam(patient.id, twice))).rejects.toThrow(v.ValiError)
    await expect(
      createPeriodicExam(db, ctx, {
        ...anExam(patient.id),
        exposures: [{ agent: 'dust', years: 101, notes: null }],
      }),
    ).rejects.toThrow(v.ValiError)
    expect(await db.periodicExams.count()).toBe(0)
    expect(await pendingEntries(db)).toHaveLength(1)
  })

  it('amends only what changed, sending the clinical exams whole when one is added, its file after the amendment', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const audiometry = newRowId()
    const exam = await createPeriodicExam(
      db,
      ctx,
      anExam(patient.id, [{ id: audiometry, clinical_exam_id: AUDIOMETRY, result: 'Normal' }]),
    )
    const spirometry = newRowId()
    const report = await prepareFile(pdf(), 'espirometria.pdf', periodicExamResultFiles.limits)
    const amended = await amendPeriodicExam(
      db,
      ctx,
      exam.id,
      {
        condition: 'fails',
        observations: exam.observations,
        clinical_exams: [
          { id: audiometry, clinical_exam_id: AUDIOMETRY, result: 'Normal' },
          { id: spirometry, clinical_exam_id: SPIROMETRY, result: 'Patrón restrictivo leve' },
        ],
      },
      { [spirometry]: [report] },
    )
    expect(amended?.clinical_exams.map((row) => row.id)).toEqual([audiometry, spirometry])
    const entries = await pendingEntries(db)
    const create = entries.find((e) => e.kind === 'periodicExam.create')
    const update = entries.find((e) => e.kind === 'periodicExam.update')
    expect(update).toMatchObject({
      method: 'POST',
      path: `/api/operation/patients/${patient.id}/periodic-exams/${exam.id}`,
      body: {
        condition: 'fails',
        clinical_exams: [
          { id: audiometry, clinical_exam_id: AUDIOMETRY, result: 'Normal' },
          { id: spirometry, clinical_exam_id: SPIROMETRY, result: 'Patrón restrictivo leve' },
        ],
      },
      baseVersion: null,
      dependsOn: [create?.mutationId],
    })
    expect(update?.body).not.toHaveProperty('observations')
    expect(v.is(entrySchema(update as never), update?.body)).toBe(true)
    expect(entries.at(-1)).toMatchObject({
      kind: 'attachment.create',
      path: `/api/operation/patients/${patient.id}/periodic-exams/${spirometry}/files`,
      dependsOn: [update?.mutationId],
    })
    // The same rows again change nothing: no empty amendment.
    expect(
      await amendPeriodicExam(db, ctx, exam.id, {
        clinical_exams: [{ id: audiometry, clinical_exam_id: AUDIOMETRY, result: 'Normal' }],
      }),
    ).toBeNull()
  })

  it('removes a clinical exam with its own DELETE; acknowledged, the exam stays one version on', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const audiometry = newRowId()
    const bloodCount = newRowId()
    const exam = await createPeriodicExam(
      db,
      ctx,
      anExam(patient.id, [
        { id: audiometry, clinical_exam_id: AUDIOMETRY, result: 'Normal' },
        { id: bloodCount, clinical_exam_id: BLOOD_COUNT, result: 'Hb 14.2 g/dL' },
      ]),
    )
    // As the server holds it: version 1, synced.
    await db.outbox.clear()
    await db.periodicExams.update(exam.id, { version: 1, syncState: 'synced' })
    await removePeriodicExamClinicalExam(db, ctx, exam.id, bloodCount)
    await amendPeriodicExam(db, ctx, exam.id, { recommendations: 'Audiometría en 6 meses.' })
    const [removal, update] = await pendingEntries(db)
    expect(removal).toMatchObject({
      kind: 'periodicExam.removeClinicalExam',
      entity: 'periodicExam',
      entityId: exam.id,
      method: 'DELETE',
      path: `/api/operation/patients/${patient.id}/periodic-exams/clinic_exam/${bloodCount}`,
      baseVersion: 1,
    })
    expect(update).toMatchObject({ baseVersion: 1, dependsOn: [removal?.mutationId] })
    const shown = await db.periodicExams.get(exam.id)
    expect(shown?.clinical_exams.find((row) => row.id === bloodCount)?.deleted_at).toBeTruthy()
    await acknowledgeAll(db, [{ entry: removal as never, record: null }])
    // The exam is still here, at the version the removal made, and the amendment follows it.
    expect(await db.periodicExams.get(exam.id)).toMatchObject({ version: 2, syncState: 'pending' })
    expect((await pendingEntries(db))[0]).toMatchObject({ kind: 'periodicExam.update', baseVersion: 2 })
  })

  it('deletes softly: hidden at once, the delete queued after the exam’s changes', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const exam = await createPeriodicExam(db, ctx, anExam(patient.id))
    await deletePeriodicExam(db, ctx, exam.id)
    expect((await db.periodicExams.get(exam.id))?.deleted_at).toBeTruthy()
    const entries = await pendingEntries(db)
    expect(entries.at(-1)).toMatchObject({
      kind: 'periodicExam.delete',
      method: 'DELETE',
      path: `/api/operation/patients/${patient.id}/periodic-exams/${exam.id}`,
      dependsOn: [entries.at(-2)?.mutationId],
    })
    await expect(amendPeriodicExam(db, ctx, exam.id, { condition: 'fails' })).rejects.toThrow()
  })
})
