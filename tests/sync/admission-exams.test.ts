import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../../server/db/client'
import { admissionExams, admissionExamTreatments, attachments, patients } from '../../server/db/schema'
import { admissionExamFiles } from '../../src/contract/endpoints/admission-exams'
import { completeAdmissionSections } from '../../src/contract/schemas/admission-exam-example'
import {
  amendAdmissionExam,
  attachToAdmissionExam,
  createAdmissionExam,
  removeAdmissionExamTreatment,
} from '../../src/sync/admission-exam-mutators'
import { MAX_WAIT_MS } from '../../src/sync/backoff'
import { prepareFile } from '../../src/sync/file-mutators'
import { createPatient, updatePatient } from '../../src/sync/mutators'
import { sampleFile } from '../fixtures/file-owner'
import type { Device } from './device'
import { newPatient } from './people'
import { type Clinic, openClinic, type SyncServer, serverTrail, startSyncServer } from './server'
import { clinicTablets } from './tablets'

const EXAMINER = ['medical-exam-create', 'medical-exam-edit', 'medical-exam-detail']
const METFORMIN = '0193a3b0-0000-7000-8000-0000000000c1'
const LOSARTAN = '0193a3b0-0000-7000-8000-0000000000c2'

/**
 * DESIGN §9.5 for admission exams (issue 22), over real HTTP, as the step form writes them: a
 * candidate registered offline, the exam created with its first step and amended step by step
 * (NOM-004), a lab report attached, a treatment added and another removed, the result "complies"
 * and the candidate made active — all queued offline, reaching the server once and in order.
 */
describe('an admission exam filled offline step by step', () => {
  let server: SyncServer
  let clinic: Clinic

  beforeAll(async () => {
    server = await startSyncServer()
    clinic = await openClinic(server, 'oriente', 2, EXAMINER)
  })
  afterAll(() => server.close())

  const tablet = clinicTablets(() => ({ server, clinic }))
  const later = (device: Device) => device.clock.advance(MAX_WAIT_MS)

  it('reaches the server whole, after its candidate, with its file, treatments and status change', async () => {
    const device = tablet(0)
    const { db, ctx } = device
    const candidate = await createPatient(db, ctx, {
      ...newPatient(9_000),
      administrative_status: 'candidate',
    })
    const sections = completeAdmissionSections()
    const exam = await createAdmissionExam(db, ctx, {
      patient_id: candidate.id,
      examined_on: '2026-11-20',
      position: 'Almacenista',
      treatments: [],
    })
    for (const section of Object.keys(sections) as Array<keyof typeof sections>) {
      await amendAdmissionExam(db, ctx, exam.id, { [section]: sections[section] })
    }
    const report = await prepareFile(
      new Blob([new Uint8Array(sampleFile('pdf', 30_000, 7))], { type: 'application/pdf' }),
      'biometria.pdf',
      admissionExamFiles.limits,
    )
    await attachToAdmissionExam(db, ctx, exam.id, [report])
    const treatments = [
      { id: METFORMIN, medicine: 'Metformina', dose: '850 mg', indications: null },
      { id: LOSARTAN, medicine: 'Losartán', dose: '50 mg', indications: null },
    ]
    await amendAdmissionExam(db, ctx, exam.id, { treatments })
    await removeAdmissionExamTreatment(db, ctx, exam.id, METFORMIN)
    await amendAdmissionExam(db, ctx, exam.id, { result: 'complies' })
    await updatePatient(db, ctx, candidate.id, { administrative_status: 'active' })

    for (let round = 0; round < 12 && (await db.outbox.count()) > 0; round++) {
      await device.loop.runOnce()
      later(device)
    }
    expect(await db.outbox.toArray()).toEqual([])

    const stored = await withTenant(server.database.db, clinic.tenantId, async (tx) => ({
      exams: await tx.select().from(admissionExams).where(eq(admissionExams.patientId, candidate.id)),
      treatments: await tx
        .select()
        .from(admissionExamTreatments)
        .where(eq(admissionExamTreatments.examId, exam.id)),
      files: await tx.select().from(attachments).where(eq(attachments.ownerId, exam.id)),
      patient: await tx.select().from(patients).where(eq(patients.id, candidate.id)),
    }))
    expect(stored.exams).toHaveLength(1)
    expect(stored.exams[0]).toMatchObject({ id: exam.id, result: 'complies', position: 'Almacenista' })
    expect(stored.exams[0]?.workBackground).toEqual(sections.work_background)
    expect(
      stored.treatments
        .map((row) => [row.id, row.deletedAt === null])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      [METFORMIN, false],
      [LOSARTAN, true],
    ])
    expect(stored.files.map((file) => [file.id, file.ownerKind])).toEqual([[report.id, 'admission-exam']])
    expect(stored.patient[0]?.administrativeStatus).toBe('active')
    const { keys, audit } = await serverTrail(server, clinic.tenantId)
    expect(keys.filter((key) => key.status !== 'done')).toEqual([])
    expect(audit.filter((entry) => entry.action === 'admission-exam.create')).toHaveLength(1)

    // The tablet holds the server's copy; another pulls the exam, its treatments and its file.
    expect(await db.admissionExams.get(exam.id)).toMatchObject({ syncState: 'synced', result: 'complies' })
    const other = tablet(1)
    await other.pull()
    expect(await other.db.admissionExams.get(exam.id)).toMatchObject({
      patient_id: candidate.id,
      result: 'complies',
      lab_results: sections.lab_results,
    })
    expect(await other.db.files.get(report.id)).toMatchObject({ owner_id: exam.id, syncState: 'synced' })
  })
})
