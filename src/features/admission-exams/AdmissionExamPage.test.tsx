import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { completeAdmissionSections } from '../../contract/schemas/admission-exam-example'
import { draftKey } from '../../db/form-drafts'
import { saveSession } from '../../session/session-store'
import { createAdmissionExam } from '../../sync/admission-exam-mutators'
import { setCurrentEngine } from '../../sync/current-engine'
import { aDevice, pendingEntries } from '../../sync/test-fixtures'
import { signedInAs } from '../../test/session'
import { DRAFT_DELAY_MS } from '../../ui/form/use-draft-autosave'
import { aCandidate, fill, renderAdmissionExamPage } from './test-page'

// The form renders many fields: on a busy machine a render takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 })

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }))
const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Pasos del examen' })).getByRole('button', {
    name: new RegExp(name),
  })

describe('the admission exam screen', { timeout: 30_000 }, () => {
  beforeEach(() => signedInAs(['medical-exam-create', 'medical-exam-edit', 'medical-exam-detail']))
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('creates the exam with its first step, then saves each step as an amendment, marking the steps', async () => {
    const { db, ctx } = aDevice()
    const patient = await aCandidate(db, ctx)
    const { created } = await renderAdmissionExamPage(db, patient.id)
    await screen.findByRole('form', { name: 'Nuevo examen de admisión' })
    fill('Fecha del examen', '2026/11/20')
    fill('Puesto al que aspira', 'Operador de montacargas')
    next()
    await waitFor(() => expect(created).toHaveLength(1))
    const [exam] = await db.admissionExams.toArray()
    expect(exam).toMatchObject({
      patient_id: patient.id,
      examined_on: '2026-11-20',
      position: 'Operador de montacargas',
      family_history: null,
      result: null,
    })
    const entries = await pendingEntries(db)
    expect(entries.map((entry) => entry.kind)).toEqual(['admissionExam.create'])
    // The draft moved under the exam, on its next step.
    const moved = await db.formDrafts.get(draftKey('admission-exam', patient.id, exam?.id))
    expect(moved?.value).toMatchObject({ step: 1 })
    expect(await db.formDrafts.get(draftKey('admission-exam', patient.id))).toBeUndefined()
  })

  it('refuses a step against the SPEC §5 ranges, summarising the errors with links to the fields', async () => {
    const { db, ctx } = aDevice()
    const patient = await aCandidate(db, ctx)
    const exam = await createAdmissionExam(db, ctx, {
      patient_id: patient.id,
      examined_on: '2026-11-20',
      treatments: [],
    })
    await renderAdmissionExamPage(db, patient.id, exam.id)
    fireEvent.click(await screen.findByRole('button', { name: /Hábitos higiénicos y de vivienda/ }))
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Tabaco' }))
    fill('Cantidad por ocasión', '301')
    fill('Veces por semana', '8')
    fill('Baños por semana', '7')
    fill('Tipo de vivienda', 'own')
    fill('Habitantes', '3')
    next()
    const heading = await screen.findByText('Revisa los campos marcados antes de continuar')
    const summary = heading.closest<HTMLElement>('[role="alert"]') as HTMLElement
    expect(
      within(summary).getByRole('link', { name: 'Cantidad por ocasión: Debe ser como máximo 300.' }),
    ).toBeTruthy()
    expect(
      within(summary).getByRole('link', { name: 'Veces por semana: Debe ser como máximo 7.' }),
    ).toBeTruthy()
    expect(step('Hábitos higiénicos').textContent).toContain('con errores')
    expect((await db.admissionExams.get(exam.id))?.hygiene_housing).toBeNull()
    fill('Cantidad por ocasión', '300')
    fill('Veces por semana', '7')
    next()
    await waitFor(async () =>
      expect((await db.admissionExams.get(exam.id))?.hygiene_housing).toMatchObject({
        consumptions: [{ substance: 'tobacco', consumption: 300, times_per_week: 7, age_started: null }],
        baths_per_week: 7,
        housing_type: 'own',
        inhabitants: 3,
      }),
    )
    await waitFor(() => expect(step('Hábitos higiénicos').textContent).toContain('completo'))
    expect(await screen.findByRole('group', { name: 'Antecedentes personales' })).toBeTruthy()
  })

  it('keeps what is typed as a draft on the device and restores it after a reload', async () => {
    const { db, ctx } = aDevice()
    const patient = await aCandidate(db, ctx)
    const exam = await createAdmissionExam(db, ctx, {
      patient_id: patient.id,
      examined_on: '2026-11-20',
      treatments: [],
    })
    const first = await renderAdmissionExamPage(db, patient.id, exam.id)
    fireEvent.click(await screen.findByRole('button', { name: /Antecedentes personales/ }))
    fill('Alergias', 'Penicilina')
    fill('Cirugías', 'Apendicectomía')
    await waitFor(
      async () =>
        expect(
          (await db.formDrafts.get(draftKey('admission-exam', patient.id, exam.id)))?.value,
        ).toMatchObject({
          step: 3,
          values: { personal_background: { allergies: 'Penicilina', surgeries: 'Apendicectomía' } },
        }),
      { timeout: DRAFT_DELAY_MS * 10 },
    )
    // The app reloads: nothing was saved to the exam yet, and nothing is lost.
    first.view.unmount()
    await renderAdmissionExamPage(db, patient.id, exam.id)
    expect(await screen.findByText('Se recuperó lo escrito en este dispositivo.')).toBeTruthy()
    expect((screen.getByLabelText('Alergias') as HTMLTextAreaElement).value).toBe('Penicilina')
    expect((screen.getByLabelText('Cirugías') as HTMLTextAreaElement).value).toBe('Apendicectomía')
  })

  it('writes the draft at once when the tablet hides the page, without waiting for typing to pause', async () => {
    const { db, ctx } = aDevice()
    const patient = await aCandidate(db, ctx)
    const exam = await createAdmissionExam(db, ctx, {
      patient_id: patient.id,
      examined_on: '2026-11-20',
      treatments: [],
    })
    await renderAdmissionExamPage(db, patient.id, exam.id)
    fireEvent.click(await screen.findByRole('button', { name: /Antecedentes personales/ }))
    const key = draftKey('admission-exam', patient.id, exam.id)
    await waitFor(async () => expect(await db.formDrafts.get(key)).toBeDefined())
    await db.formDrafts.delete(key)
    fill('Transfusiones', 'Una, en 2019')
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    // Well before the typing pause would have written it.
    await waitFor(
      async () =>
        expect((await db.formDrafts.get(key))?.value).toMatchObject({
          values: { personal_background: { transfusions: 'Una, en 2019' } },
        }),
      { timeout: DRAFT_DELAY_MS / 2 },
    )
  })

  it('asks the conditions of "complies with conditions" before saving the result, then clears the draft', async () => {
    const { db, ctx } = aDevice()
    const patient = await aCandidate(db, ctx)
    const exam = await createAdmissionExam(db, ctx, {
      patient_id: patient.id,
      examined_on: '2026-11-20',
      ...completeAdmissionSections(),
      treatments: [],
    })
    await db.outbox.clear()
    const { done } = await renderAdmissionExamPage(db, patient.id, exam.id)
    fireEvent.click(await screen.findByRole('button', { name: /^Resultado \(/ }))
    fill('Resultado del examen', 'complies_with_conditions')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar examen' }))
    expect(
      await screen.findByRole('link', { name: 'Condiciones: Escribe las condiciones con las que cumple.' }),
    ).toBeTruthy()
    fill('Condiciones', 'Uso de protección auditiva')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar examen' }))
    await waitFor(() => expect(done).toHaveLength(1))
    expect(await db.admissionExams.get(exam.id)).toMatchObject({
      result: 'complies_with_conditions',
      conditions: 'Uso de protección auditiva',
    })
    // The exam is whole: its draft is gone.
    expect(await db.formDrafts.count()).toBe(0)
    // "Complies with conditions" is no "complies": the candidate stays one.
    expect(await screen.queryByRole('alertdialog')).toBeNull()
  })

  it('offers a candidate who complies to become active, through the patient’s own edit', async () => {
    const { db, ctx } = aDevice()
    const patient = await aCandidate(db, ctx)
    const exam = await createAdmissionExam(db, ctx, {
      patient_id: patient.id,
      examined_on: '2026-11-20',
      ...completeAdmissionSections(),
      treatments: [],
    })
    await db.outbox.clear()
    const { done } = await renderAdmissionExamPage(db, patient.id, exam.id)
    fireEvent.click(await screen.findByRole('button', { name: /^Resultado \(/ }))
    fill('Resultado del examen', 'complies')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar examen' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'El candidato cumple' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar a activo' }))
    await waitFor(() => expect(done).toHaveLength(1))
    expect((await db.patients.get(patient.id))?.administrative_status).toBe('active')
    const entries = await pendingEntries(db)
    expect(entries.map((entry) => entry.kind)).toEqual(['admissionExam.update', 'patient.update'])
    expect(entries[1]?.body).toEqual({ administrative_status: 'active' })
  })
})
