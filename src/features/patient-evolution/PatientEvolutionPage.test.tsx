import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import { createEncounter } from '../../sync/encounter-mutators'
import type { SyncEngine } from '../../sync/engine'
import { createReading } from '../../sync/reading-mutators'
import { aBloodPressure, aDevice, aSyncedPatient } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { PatientEvolutionPage } from './PatientEvolutionPage'

configure({ asyncUtilTimeout: 5_000 })

const REASON = '0193b2a0-0000-7000-8000-000000000201'
const RESPIRATORY = '0193b2a0-0000-7000-8000-000000000301'
const DAY_MS = 86_400_000
const daysAgo = (days: number, hour = 10) => {
  const at = new Date(Date.now() - days * DAY_MS)
  at.setHours(hour, 30, 0, 0)
  return at.toISOString()
}

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
  // No network: the page reads the device only.
  stubApi({})
}

async function render(db: LocalDb, patientId: string, language: 'es' | 'en' = 'es') {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: () => <PatientEvolutionPage patientId={patientId} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />, language)
}

/** A patient with a consultation a week ago, a blood pressure taken offline today and an old visit. */
async function aFollowedPatient() {
  const { db, ctx } = aDevice()
  const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
  const consultation = (started_at: string, type: 'initial' | 'follow_up', systolic: number) =>
    createEncounter(db, ctx, {
      patient_id: patient.id,
      type,
      started_at,
      modality: 'on_site',
      call_duration: null,
      reason_id: REASON,
      weight_kg: 80,
      height_m: 1.7,
      systolic,
      diastolic: 90,
      heart_rate: 82,
      diagnoses: [{ code: 'I10', name: 'Hipertensión esencial', affected_system_id: RESPIRATORY }],
      subjective: 'Acude a control de presión arterial.',
      plan: 'Dieta baja en sodio, control en un mes.',
    })
  await consultation(daysAgo(7), 'follow_up', 146)
  await consultation(daysAgo(200), 'initial', 158)
  await createReading(
    db,
    ctx,
    'blood-pressure',
    aBloodPressure(patient.id, { taken_at: daysAgo(0, 8), systolic: 128 }),
  )
  return { db, ctx, patient }
}

describe('the patient evolution page', () => {
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('charts the period from the device, consultations marked, a reading taken here included', async () => {
    signIn(['patient-evolution-index', 'medical-consultation-edit'])
    const { db, patient } = await aFollowedPatient()
    await render(db, patient.id)
    expect(await screen.findByRole('heading', { name: 'Evolución del paciente', level: 1 })).toBeTruthy()
    expect(screen.getByText('1 consulta marcada en el periodo')).toBeTruthy()
    const pressure = screen.getByRole('region', { name: 'Presión arterial' })
    expect(await within(pressure).findByRole('img')).toBeTruthy()
    const values = within(pressure).getByRole('table', { name: 'Presión arterial' })
    const rows = within(values)
      .getAllByRole('row')
      .map((row) => row.textContent)
    // The consultation's 146/90 a week ago, then today's reading of 128/82.
    expect(rows).toHaveLength(3)
    expect(rows[1]).toMatch(/14690$/)
    expect(rows[2]).toMatch(/12882$/)
    // Nothing measured the glucose: the chart says so instead of an empty grid.
    const glucose = screen.getByRole('region', { name: 'Glucosa' })
    expect(within(glucose).getByRole('status').textContent).toBe('No hay registros en este periodo.')
  })

  it("lists the period's evolution notes with their diagnoses, each opening its consultation", async () => {
    signIn(['patient-evolution-index', 'medical-consultation-edit'])
    const { db, patient } = await aFollowedPatient()
    // A triage pulled from the server two days ago, with its note and the status it recorded.
    await db.covidConsultations.put({
      id: '0193b2a0-0000-7000-8000-00000000c0v1',
      patient_id: patient.id,
      consulted_at: daysAgo(2),
      status: 'recovered',
      proposed_classification: 'low',
      classification: 'low',
      temperature_c: 36.6,
      notes: 'Sin síntomas; regresa a planta.',
      author: { id: 'nurse-1', name: 'Rosa Elena Quintero', title: null, professional_license: null },
      version: 1,
      syncState: 'synced',
    })
    await render(db, patient.id)
    const notes = await screen.findByRole('region', { name: 'Notas de evolución' })
    expect(within(notes).getByText('2 notas en el periodo')).toBeTruthy()
    const triage = within(notes).getAllByRole('listitem')[0] as HTMLElement
    expect(triage.textContent).toContain('Triage COVID')
    expect(triage.textContent).toContain('Sin síntomas; regresa a planta.')
    expect(triage.textContent).toContain('Recuperado')
    expect(within(triage).queryByRole('link')).toBeNull()
    expect(within(notes).getByText('Acude a control de presión arterial.')).toBeTruthy()
    expect(within(notes).getByText(/Consulta médica · Subsecuente/)).toBeTruthy()
    expect(within(notes).getByRole('list', { name: 'Diagnósticos' }).textContent).toContain('I10')
    const open = within(notes).getByRole('link', { name: /Ver consulta/ })
    expect(open.getAttribute('href')).toMatch(new RegExp(`^/medical-consultation/edit/${patient.id}/`))
  })

  it('widens to a year and takes the older consultation in, charts and notes alike', async () => {
    signIn(['patient-evolution-index'])
    const { db, patient } = await aFollowedPatient()
    await render(db, patient.id)
    await screen.findByText('1 consulta marcada en el periodo')
    fireEvent.click(screen.getByRole('button', { name: '1 año' }))
    expect(await screen.findByText('2 consultas marcadas en el periodo')).toBeTruthy()
    const notes = screen.getByRole('region', { name: 'Notas de evolución' })
    expect(within(notes).getByText('2 notas en el periodo')).toBeTruthy()
    // Without the permission to open a consultation, its note does not offer to.
    expect(within(notes).queryByRole('link')).toBeNull()
  })

  it('shows a reading recorded while the page is open', async () => {
    signIn(['patient-evolution-index'])
    const { db, ctx, patient } = await aFollowedPatient()
    await render(db, patient.id)
    const glucose = await screen.findByRole('region', { name: 'Glucosa' })
    expect(within(glucose).getByRole('status')).toBeTruthy()
    await createReading(db, ctx, 'glucose', {
      patient_id: patient.id,
      taken_at: daysAgo(1),
      glucose: 164,
      moment: 'fasting',
    })
    await waitFor(() => expect(within(glucose).getByRole('table', { name: 'Glucosa' })).toBeTruthy())
  })

  it('says so for a patient the device does not hold, and speaks English', async () => {
    signIn(['patient-evolution-index'])
    const { db } = aDevice()
    await render(db, '0193b2a0-0000-7000-8000-00000000dead', 'en')
    expect(await screen.findByRole('heading', { name: 'Patient evolution' })).toBeTruthy()
    expect(screen.getByText('This patient is not on this device.')).toBeTruthy()
  })
})
