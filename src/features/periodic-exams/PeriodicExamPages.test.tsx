import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SUBGROUPS } from '../../catalogs/test-catalogs'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { catalogueEntry } from '../../db/vaccination-test-data'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { createPeriodicExam, newRowId } from '../../sync/periodic-exam-mutators'
import { aDevice, aSyncedPatient, pendingEntries } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { PeriodicExamFormPage } from './PeriodicExamFormPage'
import { PeriodicExamsIndexPage } from './PeriodicExamsIndexPage'
import { PeriodicExamViewPage } from './PeriodicExamViewPage'

configure({ asyncUtilTimeout: 5_000 })

// The first subgroup's items (Turno: Matutino, Nocturno).
const MORNING = { id: '0190a1b2-c3d4-7e5f-8a9b-000000000111' }
const NIGHT = { id: '0190a1b2-c3d4-7e5f-8a9b-000000000112' }
const AUDIOMETRY = '0193a7f2-0000-7000-8000-00000000e001'
const SPIROMETRY = '0193a7f2-0000-7000-8000-00000000e002'

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

async function render(db: LocalDb, screenOf: () => ReactNode) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: screenOf })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

const ALL = [
  'periodic-exams-index',
  'periodic-exams-create',
  'periodic-exams-edit',
  'periodic-exams-view',
  'periodic-exam.delete',
]

function signIn(permissions: string[]) {
  saveSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    user: {
      uuid: 'doctor-3',
      name: 'Ana',
      last_name: 'López',
      email: 'doctor@demo.localhost',
      employee_number: null,
      photo_url: null,
      role: null,
      permissions,
      patient_id: null,
    },
    host: 'demo.localhost',
    isLandlord: false,
    routeRedirect: '/patients',
    passwordExpired: false,
    noticePending: false,
    menus: null,
  })
}

/** A worker examined yearly, with the tenant's audiometry and spirometry cached. */
async function aWorker(db: LocalDb, ctx: { userId: string; tenant: string }) {
  const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
  await db.patients.update(patient.id, { exam_frequency: '1-year' })
  await db.catalogueEntries.bulkPut([
    catalogueEntry({ id: AUDIOMETRY, catalogue: 'clinicalExam', name: 'Audiometría', position: 1 }),
    catalogueEntry({ id: SPIROMETRY, catalogue: 'clinicalExam', name: 'Espirometría', position: 2 }),
  ])
  return patient
}

const earlierExam = (patientId: string) => ({
  patient_id: patientId,
  examined_on: '2025-11-28',
  condition: 'compliant' as const,
  observations: 'Sin hallazgos.',
  recommendations: null,
  exposures: [{ agent: 'noise' as const, years: 3, notes: null }],
  clinical_exams: [{ id: newRowId(), clinical_exam_id: AUDIOMETRY, result: 'Normal' }],
})

describe('the periodic exam screens', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn(ALL)
    stubApi({})
  })
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('records an exam offline: the rating required, exposures beside the previous exam’s, the next due date from the rule', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await createPeriodicExam(db, ctx, earlierExam(patient.id))
    await db.outbox.clear()
    const done = vi.fn()
    await render(db, () => <PeriodicExamFormPage patientId={patient.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Nuevo examen periódico' })
    // The previous exam's noise is carried over, and shown as it was.
    expect(within(form).getByText('3 años antes')).toBeTruthy()
    fill('Fecha del examen', '2026/11/20')
    expect(within(form).getByText('2027/11/20')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar examen clínico' }))
    fill('Examen clínico', SPIROMETRY)
    fill('Resultado', 'Patrón restrictivo leve')
    fill('Años de exposición Ruido', '4')
    expect(within(form).getByText('Cambió')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Guardar examen' }))
    expect(await within(form).findByText('Revisa los campos marcados.')).toBeTruthy()
    expect(await db.periodicExams.count()).toBe(1)
    fill('Calificación', 'fails')
    fill('Recomendaciones', 'Valoración por neumología.')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar examen' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const [created] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'periodicExam.create',
      body: {
        examined_on: '2026-11-20',
        condition: 'fails',
        recommendations: 'Valoración por neumología.',
        exposures: [{ agent: 'noise', years: 4, notes: null }],
        clinical_exams: [{ clinical_exam_id: SPIROMETRY, result: 'Patrón restrictivo leve' }],
      },
    })
  })

  it('shows an exam read-only with its next due date, and amends it, removing a clinical exam', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    const exam = await createPeriodicExam(db, ctx, earlierExam(patient.id))
    await render(db, () => (
      <PeriodicExamViewPage patientId={patient.id} examId={exam.id} onDeleted={vi.fn()} />
    ))
    expect(await screen.findByText('2025/11/28')).toBeTruthy()
    expect(screen.getByText('2026/11/28')).toBeTruthy()
    expect(screen.getByText('Audiometría')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Corregir' })).toBeTruthy()

    const done = vi.fn()
    await render(db, () => <PeriodicExamFormPage patientId={patient.id} examId={exam.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Corregir examen periódico' })
    fireEvent.click(within(form).getByRole('button', { name: /Quitar examen clínico/ }))
    fill('Observaciones', 'Sin hallazgos; audiometría repetida aparte.')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const kinds = (await pendingEntries(db)).map((entry) => entry.kind)
    expect(kinds).toEqual(['periodicExam.create', 'periodicExam.removeClinicalExam', 'periodicExam.update'])
    expect((await pendingEntries(db)).at(-1)?.body).toEqual({
      observations: 'Sin hallazgos; audiometría repetida aparte.',
    })
  })

  it('lists every patient with the due state from its summary, filtered by state', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    const exam = await createPeriodicExam(db, ctx, earlierExam(patient.id))
    await render(db, () => <PeriodicExamsIndexPage />)
    const table = await screen.findByRole('table', { name: 'Exámenes periódicos' })
    const row = await within(table).findByRole('row', { name: /María Guadalupe/ })
    expect(row.textContent).toMatch(/Aplicado|Por vencer|Vencido/)
    expect(within(row).getByRole('link', { name: /Nuevo examen/ })).toBeTruthy()
    // "View the last one" goes to the latest exam the patient's summary row names.
    const last = within(row).getByRole('link', { name: /Ver último/ })
    expect(last.getAttribute('href')).toContain(
      `/digital-record/periodic-exams/view/${patient.id}/${exam.id}`,
    )
    fill('Estado', 'never_examined')
    await waitFor(() => expect(within(table).queryByRole('row', { name: /María Guadalupe/ })).toBeNull())
  })

  it('filters by the subgroup items patients carry, named "Subgroup: item"', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await db.catalogueEntries.bulkPut(SUBGROUPS)
    // The summary row follows the patient's write, as a sync's would.
    await db.patients.update(patient.id, { subgroups: [MORNING.id] })
    await createPeriodicExam(db, ctx, earlierExam(patient.id))
    await render(db, () => <PeriodicExamsIndexPage />)
    const table = await screen.findByRole('table', { name: 'Exámenes periódicos' })
    await within(table).findByRole('row', { name: /María Guadalupe/ })
    // The subgroup field comes once the tenant's subgroups are read (a live query of its own).
    const select = (await screen.findByLabelText('Subgrupo')) as HTMLSelectElement
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Todos',
      'Turno: Matutino',
      'Turno: Nocturno',
      'Planta anterior: Norte',
    ])
    fill('Subgrupo', NIGHT.id)
    await waitFor(() => expect(within(table).queryByRole('row', { name: /María Guadalupe/ })).toBeNull())
    fill('Subgrupo', MORNING.id)
    expect(await within(table).findByRole('row', { name: /María Guadalupe/ })).toBeTruthy()
  })

  it('opens filtered by the due state in its address (the dashboard’s buckets), and writes a change back', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await createPeriodicExam(db, ctx, earlierExam(patient.id))
    const written: unknown[] = []
    await render(db, () => (
      <PeriodicExamsIndexPage
        filters={{ state: 'never_examined' }}
        onFiltersChange={(next) => written.push(next)}
      />
    ))
    const table = await screen.findByRole('table', { name: 'Exámenes periódicos' })
    await waitFor(() => expect(within(table).getByText('No hay datos para mostrar')).toBeTruthy())
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('never_examined')
    fill('Estado', '')
    expect(written).toEqual([{}])
  })

  it('offers no writing to a reader', async () => {
    signIn(['periodic-exams-index', 'periodic-exams-view'])
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    const exam = await createPeriodicExam(db, ctx, earlierExam(patient.id))
    await render(db, () => (
      <PeriodicExamViewPage patientId={patient.id} examId={exam.id} onDeleted={vi.fn()} />
    ))
    expect(await screen.findByText('Audiometría')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Corregir' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull()
  })
})
