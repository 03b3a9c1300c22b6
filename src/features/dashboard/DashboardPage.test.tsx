import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportConnection } from '../../api/connection'
import { patientsByAge } from '../../contract/rules/dashboard/patients-test-data'
import type { LocalDb } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { createTriageConsultation } from '../../sync/covid-mutators'
import { setCurrentEngine } from '../../sync/current-engine'
import { createEncounter } from '../../sync/encounter-mutators'
import type { SyncEngine } from '../../sync/engine'
import { DISABILITY } from '../../sync/medical-report-kinds'
import { createReport } from '../../sync/medical-report-mutators'
import { aDisability, cacheDisabilityCatalogues, WORK_RISK } from '../../sync/medical-report-test-data'
import { createPatient } from '../../sync/mutators'
import { aDevice, aPatient, CURPS } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { dayOf } from '../../ui/charts/date-range'
import { DashboardPage } from './DashboardPage'

const REASON = '0193a7f2-5b1e-7c3d-8e4f-00000000f201'
const RESPIRATORY = '0193a7f2-5b1e-7c3d-8e4f-00000000f301'
const DORSAL = '0193a7f2-5b1e-7c3d-8e4f-00000000f302'

const signIn = (permissions: string[]) =>
  saveSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    user: {
      uuid: 'doctor-3',
      name: 'Alejandra',
      last_name: 'Treviño',
      email: 'doctor@demo.localhost',
      employee_number: null,
      photo_url: null,
      role: null,
      permissions,
      patient_id: null,
    },
    host: 'demo.localhost',
    isLandlord: false,
    routeRedirect: '/dashboard',
    passwordExpired: false,
    noticePending: false,
    menus: null,
  })

const PROFESSIONAL = [
  'dashboard-index',
  'patients-index',
  'covid-index',
  'covid-create',
  'vaccinations-index',
  'periodic-exams-index',
  'periodic-exams-create',
]

async function render(db: LocalDb | null) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine(db ? ({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine) : null)
  const rootRoute = createRootRoute({ component: DashboardPage })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

/** Today at midday in UTC, in the month the dashboard opens on. */
const todayAt = (hour: number) => `${dayOf(new Date())}T${String(hour).padStart(2, '0')}:00:00.000Z`

const cardNamed = async (name: string) => screen.findByRole('region', { name })

describe('the dashboard', { timeout: 20_000 }, () => {
  beforeEach(() => {
    reportConnection('online')
  })
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('works a professional’s figures out on the device, offline, each number opening the list behind it', async () => {
    signIn(PROFESSIONAL)
    stubApi({})
    reportConnection('offline')
    const { db, ctx } = aDevice()
    // The status names come from the cached `covid-statuses` list, as the sign-in leaves it.
    await db.catalogItems.put({
      list: 'covid-statuses',
      code: 'suspicious',
      position: 0,
      data: { code: 'suspicious', name: 'Sospechoso' },
    })
    const juan = await createPatient(
      db,
      ctx,
      aPatient({ name: 'Juan', last_name: 'Pérez', second_last_name: 'García', curp: CURPS.juan }),
    )
    const maria = await createPatient(
      db,
      ctx,
      aPatient({ hire_date: '2020-01-15', exam_frequency: '1-year' }),
    )
    for (const [patient, code, name, system] of [
      [juan.id, 'J00', 'Rinofaringitis aguda', RESPIRATORY],
      [maria.id, 'J00', 'Rinofaringitis aguda', RESPIRATORY],
      [maria.id, 'M545', 'Lumbago no especificado', DORSAL],
    ] as const)
      await createEncounter(db, ctx, {
        patient_id: patient,
        type: 'initial',
        started_at: todayAt(15),
        modality: 'on_site',
        reason_id: REASON,
        diagnoses: [{ code, name, affected_system_id: system }],
      })
    await createTriageConsultation(db, ctx, {
      patient_id: juan.id,
      consulted_at: '2026-01-10T15:30:00.000Z',
      status: 'suspicious',
      temperature_c: 36.8,
      oximetry: 97,
      systolic: 120,
      heart_rate: 76,
      respiratory_rate: 16,
      supplemental_oxygen: 'room-air',
      consciousness: 'alert',
      classification: 'low',
    })
    await render(db)

    const diagnoses = await cardNamed('Top 5 diagnósticos')
    const ranking = within(diagnoses).getByRole('list', { name: 'Diagnósticos más frecuentes' })
    await waitFor(() =>
      expect(
        within(ranking)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'J00 Rinofaringitis aguda2 consultas · 2 pacientes',
        'M545 Lumbago no especificado1 consulta · 1 paciente',
      ]),
    )
    expect(screen.getByText(/calculadas en este dispositivo/)).toBeTruthy()
    // Without the affected systems' index, the top 5 opens nothing.
    expect(within(diagnoses).queryByRole('link')).toBeNull()

    // María was hired in 2020 and never examined: her periodic exam is long expired.
    const exams = await cardNamed('Exámenes periódicos')
    const expired = within(exams).getByRole('link', { name: /Vencidos/ })
    expect(expired.textContent).toBe('Vencidos 1')
    expect(expired.getAttribute('href')).toBe('/digital-record/periodic-exams?state=expired')

    // The triage was in January: the month's COVID figure has nobody, but the follow-up is due.
    const covid = await cardNamed('COVID')
    expect(within(covid).getByText('Pacientes en triage').nextElementSibling?.textContent).toBe('0')
    const tasks = await cardNamed('Tareas de hoy')
    const followUp = within(tasks).getByRole('link', { name: 'Juan Pérez García' })
    expect(followUp.getAttribute('href')).toBe(`/covid/create/${juan.id}`)

    // Over the whole history the January triage counts, and opens /covid filtered by its status.
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '' } })
    await waitFor(() =>
      expect(
        within(covid)
          .getByRole('link', { name: /Sospechoso/ })
          .getAttribute('href'),
      ).toBe('/covid?status=suspicious'),
    )

    const patients = await cardNamed('Pacientes')
    expect(within(patients).getByText('Pacientes en el tablero').nextElementSibling?.textContent).toBe('2')
    expect(screen.getByRole('navigation', { name: 'Accesos directos' }).textContent).toContain('Vacunación')
  })

  it('opens the list behind each top 5 entry and the lost days, filtered by the period and modality they were counted over', async () => {
    signIn([...PROFESSIONAL, 'affected-systems-concentrated-index', 'record-disabilities-index'])
    stubApi({})
    const { db, ctx } = aDevice()
    await cacheDisabilityCatalogues(db)
    const juan = await createPatient(db, ctx, aPatient({ curp: CURPS.juan }))
    await createEncounter(db, ctx, {
      patient_id: juan.id,
      type: 'initial',
      started_at: todayAt(15),
      modality: 'on_site',
      reason_id: REASON,
      diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY }],
    })
    const today = dayOf(new Date())
    await createReport(
      db,
      ctx,
      DISABILITY,
      aDisability(juan.id, { start_date: today, end_date: today, assigned_days: 1 }),
    )
    await render(db)
    const first = `${today.slice(0, 8)}01`
    const period = `period=custom&from=${first}&to=${today}`

    const diagnoses = await cardNamed('Top 5 diagnósticos')
    const diagnosis = await within(diagnoses).findByRole('link', { name: /J00 Rinofaringitis aguda/ })
    expect(diagnosis.getAttribute('href')).toBe(`/digital-record/affected-systems?${period}&diagnosis=J00`)
    const systems = await cardNamed('Top 5 aparatos y sistemas')
    expect(
      within(systems)
        .getByRole('link', { name: /1 consulta/ })
        .getAttribute('href'),
    ).toBe(`/digital-record/affected-systems?${period}&system=${RESPIRATORY}`)

    const lost = await cardNamed('Días perdidos')
    const days = await within(lost).findByRole('link', { name: /Días perdidos por incapacidad/ })
    expect(days.textContent).toBe('Días perdidos por incapacidad 1')
    const disabilities = '/digital-record/medical-reports/record-disabilities'
    expect(days.getAttribute('href')).toBe(`${disabilities}?from=${first}&to=${today}`)
    expect(
      within(lost)
        .getByRole('link', { name: /Riesgo de trabajo/ })
        .getAttribute('href'),
    ).toBe(`${disabilities}?from=${first}&to=${today}&type=${WORK_RISK}`)

    // Over the whole history the period is open: the lists are opened with no days.
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '' } })
    await waitFor(() =>
      expect(
        within(lost)
          .getByRole('link', { name: /Días perdidos por incapacidad/ })
          .getAttribute('href'),
      ).toBe(disabilities),
    )
    expect(within(diagnoses).getByRole('link', { name: /J00/ }).getAttribute('href')).toBe(
      '/digital-record/affected-systems?period=custom&diagnosis=J00',
    )
  })

  it('refuses a period ending before it starts, keeping the figures it shows', async () => {
    signIn(PROFESSIONAL)
    stubApi({})
    const { db } = aDevice()
    await render(db)
    await cardNamed('Top 5 diagnósticos')
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '20000101' } })
    expect(await screen.findByText('La fecha final no puede ser anterior a la inicial.')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Exámenes periódicos' })).toBeTruthy()
  })

  it('shows an administrator the server’s figures over the whole tenant, and says so offline', async () => {
    signIn(['dashboard-index', 'assignments.all', 'patients-index'])
    const query = (request: Request) => new URL(request.url).searchParams
    const seen: URLSearchParams[] = []
    const ok = (data: unknown) => (request: Request) => {
      seen.push(query(request))
      return { body: { data, message: '', error: false } }
    }
    stubApi({
      '/api/operation/get-filters/dashboard': ok({ subgroups: [], special_labels: [] }),
      '/api/dashboard/periodic-exams': ok({ applied: 120, due_soon: 7, expired: 15, never_examined: 3 }),
      '/api/dashboard/vaccines': ok({ vaccines: [], complete: 90, incomplete: 55, overdue: 12 }),
      '/api/dashboard/covid': ok({
        observation: 2,
        patient_contact: 0,
        suspicious: 0,
        hospitalized: 0,
        post_hospitalization: 0,
        recovered: 4,
        deceased: 0,
        out_of_tracking: 0,
        total: 6,
      }),
      '/api/dashboard/special-labels': ok({
        labels: [],
        pregnancy: { total: 0, labelled: 0, reported_at_triage: 0, sublabels: [] },
      }),
      '/api/dashboard/diagnostics': ok([
        { code: 'J00', name: 'Rinofaringitis aguda', consultations: 40, patients: 31 },
      ]),
      '/api/dashboard/affected-system/top-five': ok([]),
      '/api/dashboard/affected-system': ok({ systems: [], months: [] }),
      '/api/dashboard/closed-days-data': ok({ total_days: 64, patients: 5, types: [], months: [] }),
      '/api/dashboard/patients-chart': ok({
        total: 145,
        by_sex: { female: 70, male: 74, intersex: 1, unrecorded: 0 },
        by_age: patientsByAge({
          under_20: 3,
          '20_29': 40,
          '30_39': 52,
          '40_49': 30,
          '50_59': 15,
          '60_plus': 5,
        }),
      }),
    })
    const { db } = aDevice()
    await render(db)
    const exams = await cardNamed('Exámenes periódicos')
    await waitFor(() =>
      expect(within(exams).getByText('Aplicados').nextElementSibling?.textContent).toBe('120'),
    )
    expect(screen.getByText(/todos los pacientes de la organización/)).toBeTruthy()
    // The patient charts from the server's call, over the whole tenant.
    const patients = await cardNamed('Pacientes')
    expect(within(patients).getByText('Pacientes en el tablero').nextElementSibling?.textContent).toBe('145')
    expect(within(patients).getByText('Intersexuales').nextElementSibling?.textContent).toBe('1')
    expect(within(patients).getAllByText('30 a 39')).not.toHaveLength(0)
    // No tasks: those are the professional's, from the device.
    expect(screen.queryByRole('region', { name: 'Tareas de hoy' })).toBeNull()
    // Every call carries the month so far and the device's zone.
    const today = dayOf(new Date())
    expect(seen.every((params) => params.get('to') === today || params.size === 0)).toBe(true)
    expect(seen.some((params) => params.get('from') === `${today.slice(0, 8)}01`)).toBe(true)

    reportConnection('offline')
    expect(
      await screen.findByText(/Sin conexión: las cifras de toda la organización vienen del servidor/),
    ).toBeTruthy()
  })
})
