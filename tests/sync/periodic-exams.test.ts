import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { attachments, catalogueEntries, periodicExamResults, periodicExams } from '../../server/db/schema'
import { periodicExamResultFiles } from '../../src/contract/endpoints/periodic-exams'
import { nameKey } from '../../src/contract/schemas/catalogue-definitions'
import { periodicExamDueList } from '../../src/db/periodic-exam-due'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import { prepareFile } from '../../src/sync/file-mutators'
import { createPatient } from '../../src/sync/mutators'
import {
  amendPeriodicExam,
  createPeriodicExam,
  newRowId,
  removePeriodicExamClinicalExam,
} from '../../src/sync/periodic-exam-mutators'
import { sampleFile } from '../fixtures/file-owner'
import type { Device } from './device'
import { newPatient } from './people'
import { type Clinic, openClinic, type SyncServer, serverTrail, startSyncServer } from './server'
import { clinicTablets } from './tablets'

const EXAMINER = [
  'periodic-exams-index',
  'periodic-exams-view',
  'periodic-exams-create',
  'periodic-exams-edit',
  'periodic-exam.list',
  'periodic-exam.view',
]
const AUDIOMETRY = '0193a3b0-0000-7000-8000-0000000000f1'

/**
 * DESIGN §9.5 for periodic exams (issue 22), over real HTTP: an exam recorded offline, with an
 * audiogram on its clinical exam, for a patient also registered offline, reaches the server once
 * and in order — patient, exam, file — though the exam's answer is lost and replayed; another
 * tablet pulls it, and the patient's due state is "applied" there too.
 */
describe('periodic exams recorded offline', () => {
  let server: SyncServer
  let clinic: Clinic

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'poniente', 2, EXAMINER)
    await withTenant(server.database.db, clinic.tenantId, (tx) =>
      tx.insert(catalogueEntries).values({
        tenantId: clinic.tenantId,
        id: AUDIOMETRY,
        catalogue: 'clinicalExam',
        name: 'Audiometría',
        nameKey: nameKey('Audiometría'),
      }),
    )
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  const later = (device: Device) => device.clock.advance(MAX_WAIT_MS)

  it('reaches the server once, after its patient, its file after it, with a lost answer replayed', async () => {
    const device = tablet(0)
    const patient = await createPatient(device.db, device.ctx, {
      ...newPatient(8_000),
      exam_frequency: '1-year',
    })
    const row = newRowId()
    const audiogram = await prepareFile(
      new Blob([new Uint8Array(sampleFile('pdf', 40_000, 5))], { type: 'application/pdf' }),
      'audiograma.pdf',
      periodicExamResultFiles.limits,
    )
    const exam = await createPeriodicExam(
      device.db,
      device.ctx,
      {
        patient_id: patient.id,
        examined_on: '2026-11-20',
        condition: 'compliant',
        observations: 'Sin cambios respecto al examen anterior.',
        recommendations: 'Protección auditiva.',
        exposures: [{ agent: 'noise', years: 3, notes: null }],
        clinical_exams: [{ id: row, clinical_exam_id: AUDIOMETRY, result: 'Umbral 25 dB' }],
      },
      { [row]: [audiogram] },
    )
    const queued = await device.db.outbox.orderBy('seq').toArray()
    const [patientCreate, examCreate, upload] = queued.map((entry) => entry.mutationId)
    expect(queued.map((entry) => [entry.kind, entry.dependsOn])).toEqual([
      ['patient.create', []],
      ['periodicExam.create', [patientCreate]],
      ['attachment.create', [examCreate]],
    ])

    // The exam reaches the server; its answer does not reach the tablet, and is replayed.
    device.network.faults.push(null, 'drop-response')
    await device.loop.runOnce()
    later(device)
    await device.loop.runOnce()
    later(device)
    await device.loop.runOnce()
    expect(await device.db.outbox.count()).toBe(0)

    const sends = device.network.log.filter((exchange) => exchange.method !== 'GET')
    const order = sends.filter((e) => e.delivered).map((e) => e.key)
    expect(order).toEqual([patientCreate, examCreate, upload])
    expect(sends.filter((e) => e.key === examCreate).map((e) => e.delivered)).toEqual([false, true])

    const stored = await withTenant(server.database.db, clinic.tenantId, async (tx) => ({
      exams: await tx.select().from(periodicExams).where(eq(periodicExams.patientId, patient.id)),
      results: await tx.select().from(periodicExamResults).where(eq(periodicExamResults.examId, exam.id)),
      files: await tx.select().from(attachments).where(eq(attachments.ownerId, row)),
    }))
    expect(stored.exams.map((e) => [e.id, e.version])).toEqual([[exam.id, 1]])
    expect(stored.results.map((r) => [r.id, r.clinicalExamId])).toEqual([[row, AUDIOMETRY]])
    expect(stored.files.map((f) => [f.id, f.ownerKind, f.size])).toEqual([
      [audiogram.id, 'periodic-exam-result', audiogram.size],
    ])
    const { keys, audit } = await serverTrail(server, clinic.tenantId)
    expect(keys.filter((key) => key.status !== 'done')).toEqual([])
    expect(audit.filter((entry) => entry.action === 'periodic-exam.create')).toHaveLength(1)

    // The tablet holds the server's copy, named from the catalogue.
    expect(await device.db.periodicExams.get(exam.id)).toMatchObject({
      syncState: 'synced',
      version: 1,
      clinical_exams: [{ id: row, clinical_exam_name: 'Audiometría' }],
    })
    // Another tablet pulls the exam and its file, and puts the patient in the same state.
    const other = tablet(1)
    await other.pull()
    expect(await other.db.periodicExams.get(exam.id)).toMatchObject({ patient_id: patient.id, version: 1 })
    expect(await other.db.files.get(audiogram.id)).toMatchObject({ owner_id: row, syncState: 'synced' })
    const [due] = (await periodicExamDueList(other.db, '2026-11-26')).rows.filter(
      (r) => r.patient_id === patient.id,
    )
    expect(due).toMatchObject({ state: 'applied', last_exam_on: '2026-11-20', due_on: '2027-11-20' })

    // A clinical exam removed, then the exam amended on top: the removal moves the exam one
    // version on, and the amendment follows it there without a 412.
    await removePeriodicExamClinicalExam(device.db, device.ctx, exam.id, row)
    await amendPeriodicExam(device.db, device.ctx, exam.id, { recommendations: 'Audiometría en 6 meses.' })
    const before = device.network.log.length
    await device.loop.runOnce()
    expect(await device.db.outbox.count()).toBe(0)
    expect(device.network.log.slice(before).map((e) => e.status)).not.toContain(412)
    const after = await withTenant(server.database.db, clinic.tenantId, async (tx) => ({
      exam: (await tx.select().from(periodicExams).where(eq(periodicExams.id, exam.id)))[0],
      row: (await tx.select().from(periodicExamResults).where(eq(periodicExamResults.id, row)))[0],
    }))
    expect(after.exam).toMatchObject({ version: 3, recommendations: 'Audiometría en 6 meses.' })
    expect(after.row?.deletedAt).toBeTruthy()
    expect(await device.db.periodicExams.get(exam.id)).toMatchObject({ version: 3, syncState: 'synced' })
  })
})
