import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LocalDb } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { createTriageConsultation, type NewTriageConsultation } from '../../sync/covid-mutators'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { createPatient } from '../../sync/mutators'
import { aDevice, aPatient, aSyncedPatient, CURPS, pendingEntries } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { TriageCreatePage } from './TriageCreatePage'
import { TriageHistoryPage } from './TriageHistoryPage'
import { TriageListPage } from './TriageListPage'

// The whole form renders many fields: on a busy machine a render takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 })

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** A screen inside a router of its own (its links need one), on a device engine that sends nothing. */
async function render(db: LocalDb, screenOf: () => ReactNode) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: screenOf })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

const triage = (
  patientId: string,
  overrides: Partial<NewTriageConsultation> = {},
): NewTriageConsultation => ({
  patient_id: patientId,
  consulted_at: '2026-11-24T15:30:00.000Z',
  status: 'observation',
  temperature_c: 36.8,
  oximetry: 97,
  systolic: 120,
  heart_rate: 76,
  respiratory_rate: 16,
  supplemental_oxygen: 'room-air',
  consciousness: 'alert',
  classification: 'low',
  ...overrides,
})

describe('the COVID triage screens', { timeout: 20_000 }, () => {
  beforeEach(() => {
    saveSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 3_600_000,
      user: {
        uuid: 'nurse-7',
        name: 'Rosa Elena',
        last_name: 'Quintero',
        email: 'nurse@demo.localhost',
        employee_number: null,
        photo_url: null,
        role: null,
        permissions: ['covid-index', 'covid-history', 'covid-create'],
        patient_id: null,
      },
      host: 'demo.localhost',
      isLandlord: false,
      routeRedirect: '/covid',
      passwordExpired: false,
      noticePending: false,
      menus: null,
    })
    // Offline: nothing answers.
    stubApi({})
  })
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('proposes the classification live from the vital signs with its NEWS2, and records an override with its reason', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    const done = vi.fn()
    await render(db, () => <TriageCreatePage patientId={patient.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Nuevo triage COVID' })
    const proposed = () => within(form).getByTestId('proposed-classification').textContent
    fill('Frecuencia respiratoria (rpm)', '16')
    fill('Oximetría (%)', '97')
    fill('Temperatura (°C)', '36.8')
    fill('Presión sistólica (mmHg)', '120')
    fill('Frecuencia cardiaca (lpm)', '76')
    expect(proposed()).toBe('Riesgo bajo')
    expect(within(form).getByText('NEWS2: 0')).toBeTruthy()
    // Fast breathing, low saturation and fever: NEWS2 3 + 3 + 2 = 8, high risk.
    fill('Frecuencia respiratoria (rpm)', '26')
    fill('Oximetría (%)', '90')
    fill('Temperatura (°C)', '39.4')
    expect(proposed()).toBe('Riesgo alto')
    expect(within(form).getByText('NEWS2: 8')).toBeTruthy()
    // The professional chooses medium: the form asks why, and refuses to save without it.
    fill('Clasificación elegida', 'medium')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar triage' }))
    expect(
      await within(form).findAllByText('Escribe por qué eliges una clasificación distinta de la propuesta.'),
    ).not.toHaveLength(0)
    expect(await db.covidConsultations.count()).toBe(0)
    fill('Motivo del cambio de clasificación', 'Mejora en reposo; se revalora en 2 horas.')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar triage' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const [saved] = await db.covidConsultations.toArray()
    expect(saved).toMatchObject({
      patient_id: patient.id,
      proposed_classification: 'high',
      classification: 'medium',
      override_reason: 'Mejora en reposo; se revalora en 2 horas.',
      news2_score: 8,
      syncState: 'pending',
    })
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual(['covidConsultation.create'])
  })

  it('refuses out-of-range vital signs with SPEC §5’s range and saves nothing', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await render(db, () => <TriageCreatePage patientId={patient.id} onDone={() => {}} />)
    await screen.findByRole('form', { name: 'Nuevo triage COVID' })
    fill('Oximetría (%)', '48')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar triage' }))
    expect(await screen.findByText(/Oximetría \(%\): .*49/)).toBeTruthy()
    expect(await db.covidConsultations.count()).toBe(0)
  })

  it('refuses a reclassification with SPEC §8’s text while the patient has no COVID consultation', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await render(db, () => <TriageHistoryPage patientId={patient.id} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Reclasificar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reclasificar triage' })
    fireEvent.change(within(dialog).getByLabelText('Nueva clasificación'), { target: { value: 'high' } })
    fireEvent.change(within(dialog).getByLabelText('Motivo de la reclasificación'), {
      target: { value: 'Empeoró por teléfono.' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar reclasificación' }))
    expect(
      await within(dialog).findByText('Debe de tener al menos 1 consulta covid para poder reclasificar.'),
    ).toBeTruthy()
    expect(await db.covidReclassifications.count()).toBe(0)
  })

  it('lists the patients with a triage, the most urgent first in its colour, filtered by status, with the counts', async () => {
    const { db, ctx } = aDevice()
    const calm = await createPatient(db, ctx, aPatient())
    const severe = await createPatient(
      db,
      ctx,
      aPatient({ name: 'Juan', last_name: 'Pérez', second_last_name: 'García', curp: CURPS.juan }),
    )
    await createTriageConsultation(db, ctx, triage(calm.id))
    await createTriageConsultation(
      db,
      ctx,
      triage(severe.id, {
        status: 'suspicious',
        respiratory_rate: 26,
        oximetry: 90,
        temperature_c: 39.4,
        classification: 'high',
        consulted_at: '2026-11-23T15:30:00.000Z',
      }),
    )
    await render(db, () => <TriageListPage />)
    const table = await screen.findByRole('table', { name: 'Triage COVID' })
    const rows = () => within(table).getAllByRole('row').slice(1)
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]?.textContent).toContain('Juan Pérez García')
    expect(rows()[0]?.className).toContain('triage-high')
    expect(rows()[1]?.className).toContain('triage-low')
    const counts = screen.getByRole('list', { name: 'Pacientes por estatus' })
    expect(counts.textContent).toContain('En observación 1')
    expect(counts.textContent).toContain('Sospechoso 1')
    fill('Estatus', 'observation')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]?.textContent).toContain('María Guadalupe González Martínez')
  })

  it('opens filtered by the status in its address (the dashboard’s COVID figures), and writes a change back', async () => {
    const { db, ctx } = aDevice()
    const calm = await createPatient(db, ctx, aPatient())
    const severe = await createPatient(
      db,
      ctx,
      aPatient({ name: 'Juan', last_name: 'Pérez', second_last_name: 'García', curp: CURPS.juan }),
    )
    await createTriageConsultation(db, ctx, triage(calm.id))
    await createTriageConsultation(db, ctx, triage(severe.id, { status: 'suspicious' }))
    const written: unknown[] = []
    await render(db, () => (
      <TriageListPage filters={{ status: 'suspicious' }} onFiltersChange={(next) => written.push(next)} />
    ))
    const table = await screen.findByRole('table', { name: 'Triage COVID' })
    const rows = () => within(table).getAllByRole('row').slice(1)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]?.textContent).toContain('Juan Pérez García')
    expect((screen.getByLabelText('Estatus') as HTMLSelectElement).value).toBe('suspicious')
    fill('Clasificación', 'low')
    expect(written).toEqual([{ status: 'suspicious', classification: 'low' }])
  })
})
