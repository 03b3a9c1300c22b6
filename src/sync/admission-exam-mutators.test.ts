import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { admissionExamFiles } from '../contract/endpoints/admission-exams'
import { completeAdmissionSections } from '../contract/schemas/admission-exam-example'
import { clearFormDraft, draftKey, readFormDraft, saveFormDraft } from '../db/form-drafts'
import { acknowledgeAll } from './acknowledge'
import {
  AdmissionExamRefusal,
  amendAdmissionExam,
  attachToAdmissionExam,
  createAdmissionExam,
  type NewAdmissionExam,
  removeAdmissionExamTreatment,
} from './admission-exam-mutators'
import { entrySchema } from './entry-schema'
import { prepareFile } from './file-mutators'
import { createPatient } from './mutators'
import { aDevice, aPatient, pendingEntries } from './test-fixtures'

const PARACETAMOL = '0193a7e2-5b1c-7d4e-8f00-0000000000b1'

/** The first step saved: a draft holding the family history alone. */
const aDraft = (patientId: string): NewAdmissionExam => ({
  patient_id: patientId,
  examined_on: '2026-11-20',
  position: 'Operador de montacargas',
  family_history: completeAdmissionSections().family_history,
  hygiene_housing: null,
  personal_background: null,
  work_background: null,
  systems_interrogation: null,
  physical_exploration: null,
  lab_results: null,
  result: null,
  conditions: null,
  observations: null,
  treatments: [{ id: PARACETAMOL, medicine: 'Paracetamol 500 mg', dose: '1 tableta', indications: null }],
})

const png = () =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], {
    type: 'image/png',
  })

describe('admission exams offline', () => {
  it('saves the first step as a draft created after the candidate’s create, its lab file after the exam', async () => {
    const { db, ctx } = aDevice()
    const candidate = await createPatient(db, ctx, aPatient({ administrative_status: 'candidate' }))
    const lab = await prepareFile(png(), 'biometria.png', admissionExamFiles.limits)
    const exam = await createAdmissionExam(db, ctx, aDraft(candidate.id), [lab])
    expect(await db.admissionExams.get(exam.id)).toMatchObject({
      patient_id: candidate.id,
      result: null,
      hygiene_housing: null,
      syncState: 'pending',
    })
    const [patientCreate, created, upload] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'admissionExam.create',
      entity: 'admissionExam',
      path: `/api/operation/patients/admission-medical-exam/${candidate.id}`,
      dependsOn: [patientCreate?.mutationId],
    })
    expect(v.is(entrySchema(created as never), created?.body)).toBe(true)
    expect(upload).toMatchObject({
      kind: 'attachment.create',
      path: `/api/operation/patients/admission-medical-exam/${exam.id}/files`,
      dependsOn: [created?.mutationId],
    })
  })

  it('saves each later step as an amendment of what changed; a result needs every section, conditions their result', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const exam = await createAdmissionExam(db, ctx, aDraft(patient.id))
    const sections = completeAdmissionSections()
    await amendAdmissionExam(db, ctx, exam.id, { hygiene_housing: sections.hygiene_housing })
    const refusal = await amendAdmissionExam(db, ctx, exam.id, {
      result: 'complies_with_conditions',
    }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AdmissionExamRefusal)
    expect((refusal as AdmissionExamRefusal).problems).toContainEqual([
      'lab_results',
      'admissionExam.sectionRequired',
    ])
    expect((refusal as AdmissionExamRefusal).problems).toContainEqual([
      'conditions',
      'admissionExam.conditionsRequired',
    ])
    const { family_history: _, hygiene_housing: __, ...rest } = sections
    await amendAdmissionExam(db, ctx, exam.id, rest)
    const done = await amendAdmissionExam(db, ctx, exam.id, {
      result: 'complies_with_conditions',
      conditions: 'Uso de lentes durante la jornada.',
    })
    expect(done).toMatchObject({ result: 'complies_with_conditions', syncState: 'pending' })
    const updates = (await pendingEntries(db)).filter((e) => e.kind === 'admissionExam.update')
    expect(updates.map((e) => Object.keys(e.body).sort())).toEqual([
      ['hygiene_housing'],
      [
        'lab_results',
        'personal_background',
        'physical_exploration',
        'systems_interrogation',
        'work_background',
      ],
      ['conditions', 'result'],
    ])
    expect(updates.every((e) => v.is(entrySchema(e), e.body))).toBe(true)
  })

  it('adds a treatment sending the treatments whole, and removes one with its own DELETE', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const exam = await createAdmissionExam(db, ctx, aDraft(patient.id))
    await db.outbox.clear()
    await db.admissionExams.update(exam.id, { version: 1, syncState: 'synced' })
    const added = {
      id: '0193a7e2-5b1c-7d4e-8f00-0000000000b2',
      medicine: 'Loratadina 10 mg',
      dose: null,
      indications: 'Cada 24 h',
    }
    await amendAdmissionExam(db, ctx, exam.id, { treatments: [added] })
    await removeAdmissionExamTreatment(db, ctx, exam.id, PARACETAMOL)
    const [update, removal] = await pendingEntries(db)
    expect(update?.body.treatments).toEqual([
      { id: PARACETAMOL, medicine: 'Paracetamol 500 mg', dose: '1 tableta', indications: null },
      added,
    ])
    expect(update).toMatchObject({ baseVersion: 1 })
    expect(removal).toMatchObject({
      kind: 'admissionExam.removeTreatment',
      method: 'DELETE',
      path: `/api/operation/patients/admission-medical-exam/treatment/${PARACETAMOL}`,
      baseVersion: 1,
      dependsOn: [update?.mutationId],
    })
    // The amendment acknowledged at version 2: the removal waiting on it moves on to that version.
    const { syncState: _, ...answered } = (await db.admissionExams.get(exam.id)) as Record<string, unknown>
    await acknowledgeAll(db, [{ entry: update as never, record: { ...answered, version: 2 } }])
    expect((await pendingEntries(db))[0]).toMatchObject({
      kind: 'admissionExam.removeTreatment',
      baseVersion: 2,
    })
    const shown = await db.admissionExams.get(exam.id)
    expect(shown?.treatments.find((t) => t.id === PARACETAMOL)?.deleted_at).toBeTruthy()
  })

  it('attaches lab files to a recorded exam', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(db, ctx, aPatient())
    const exam = await createAdmissionExam(db, ctx, aDraft(patient.id))
    const lab = await prepareFile(png(), 'quimica.png', admissionExamFiles.limits)
    await attachToAdmissionExam(db, ctx, exam.id, [lab])
    expect(await db.files.where('[owner_kind+owner_id]').equals(['admission-exam', exam.id]).count()).toBe(1)
  })
})

describe('form drafts', () => {
  it('keeps a long form’s draft by key until the form clears it', async () => {
    const { db } = aDevice()
    const key = draftKey('admission-exam', 'patient-1')
    await saveFormDraft(
      db,
      key,
      'patient-1',
      { step: 3, position: 'Soldador' },
      new Date('2026-11-20T10:00:00Z'),
    )
    expect(await readFormDraft(db, key)).toEqual({
      key,
      patient_id: 'patient-1',
      value: { step: 3, position: 'Soldador' },
      updatedAt: '2026-11-20T10:00:00.000Z',
    })
    await clearFormDraft(db, key)
    expect(await readFormDraft(db, key)).toBeUndefined()
  })
})
