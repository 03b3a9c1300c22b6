import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  useNavigate,
} from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as XLSX from 'xlsx'
import { holdCatalogs, SUBGROUPS } from '../../catalogs/test-catalogs'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { catalogueEntry } from '../../db/vaccination-test-data'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import { createEncounter } from '../../sync/encounter-mutators'
import type { SyncEngine } from '../../sync/engine'
import { createPatient } from '../../sync/mutators'
import { aDevice, aPatient, aSyncedPatient, CURPS } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { dayOf } from '../../ui/charts/date-range'
import { AffectedSystemsIndexPage } from './AffectedSystemsIndexPage'
import { affectedSystemsIndexSearch } from './affected-systems-index-search'

const saved = vi.hoisted(() => [] as Array<{ bytes: Uint8Array; name: string }>)
vi.mock('../../reports/save-file', () => ({
  saveFile: (bytes: Uint8Array, name: string) => saved.push({ bytes, name }),
}))

configure({ asyncUtilTimeout: 5_000 })

const REASON = '0193b2a0-0000-7000-8000-000000000201'
const RESPIRATORY = '0193b2a0-0000-7000-8000-000000000301'
const CARDIO = '0193b2a0-0000-7000-8000-000000000302'
/** The morning shift of the shared test subgroups (`Turno: Matutino`). */
const MORNING = SUBGROUPS[0]?.items[0]?.id as string
const DAY_MS = 86_400_000
const daysAgo = (days: number) => {
  const at = new Date(Date.now() - days * DAY_MS)
  at.setHours(10, 30, 0, 0)
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
  stubApi({})
}

async function render(db: LocalDb) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: AffectedSystemsIndexPage })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

/** The page under a route that reads its filters from the address (as the app's route does), opened at `url`. */
async function renderAt(db: LocalDb, url: string) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({
    validateSearch: affectedSystemsIndexSearch,
    component: function Routed() {
      const navigate = useNavigate()
      return (
        <AffectedSystemsIndexPage
          filters={rootRoute.useSearch()}
          onFiltersChange={(search) => void navigate({ to: '/', search, replace: true })}
        />
      )
    },
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  await renderWithI18n(<RouterProvider router={router} />)
  return router
}

const respiratory = { code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY }
const hypertension = { code: 'I10', name: 'Hipertensión esencial', affected_system_id: CARDIO }

const SYSTEMS = [
  catalogueEntry({ id: RESPIRATORY, catalogue: 'affected_system', name: 'Aparato respiratorio' }),
  catalogueEntry({ id: CARDIO, catalogue: 'affected_system', name: 'Aparato cardiovascular', position: 1 }),
]

/**
 * Two workers on the device: María Guadalupe (of the morning shift) with a cold and her blood
 * pressure a few days ago, and another with a cold seven months ago.
 */
async function aClinic() {
  const { db, ctx } = aDevice()
  await holdCatalogs(db, { catalogues: [...SYSTEMS, ...SUBGROUPS] })
  const maria = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
  await db.patients.update(maria.id, { subgroups: [MORNING] })
  const pedro = await createPatient(
    db,
    ctx,
    aPatient({ name: 'Pedro', last_name: 'Pérez', curp: CURPS.juan, payroll_number: 'N010246' }),
  )
  const consult = (patient_id: string, started_at: string, diagnoses: (typeof respiratory)[]) =>
    createEncounter(db, ctx, {
      patient_id,
      type: 'initial',
      started_at,
      modality: 'on_site',
      call_duration: null,
      reason_id: REASON,
      diagnoses,
    })
  await consult(maria.id, daysAgo(5), [respiratory, hypertension])
  await consult(maria.id, daysAgo(3), [respiratory])
  await consult(pedro.id, daysAgo(210), [respiratory])
  return { db, maria, pedro }
}

const lines = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '')

describe('the affected systems index', () => {
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    saved.length = 0
  })

  it("lists the period's patients by system and diagnosis, each system's figures above", async () => {
    signIn(['affected-systems-concentrated-index', 'patient-evolution-index', 'patients-index'])
    const { db, maria } = await aClinic()
    await render(db)
    const table = await screen.findByRole('table', { name: 'Concentrado de aparatos y sistemas' })
    await waitFor(() => expect(lines(table)).toHaveLength(2))
    expect(lines(table)[0]).toMatch(/Aparato respiratorio.*J00 · Rinofaringitis aguda.*María Guadalupe.*2/)
    expect(lines(table)[1]).toMatch(/Aparato cardiovascular.*I10/)
    const figures = screen.getByRole('list', { name: 'Aparatos y sistemas en el periodo' })
    expect(figures.textContent).toContain('Aparato respiratorio 2 consultas · 1 paciente')
    const evolution = within(table).getAllByRole('link', { name: /Evolución/ })[0]
    expect(evolution?.getAttribute('href')).toBe(`/digital-record/patient-evolution/${maria.id}`)
  })

  it('shows no row before the systems’ catalogue has arrived, then names each system (never by its id)', async () => {
    signIn(['affected-systems-concentrated-index'])
    const { db } = await aClinic()
    // A device whose first refresh has not run: the consultations are here, the systems' names not.
    await db.catalogueEntries.where('catalogue').equals('affected_system').delete()
    await db.meta.clear()
    await render(db)
    expect(
      await screen.findByText(/Los nombres de los aparatos y sistemas aún no llegan a este dispositivo/),
    ).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(document.body.textContent).not.toContain(RESPIRATORY)
    // The refresh stores the catalogue, without the cardiovascular system (since removed from it).
    await holdCatalogs(db, { catalogues: SYSTEMS.slice(0, 1) })
    const table = await screen.findByRole('table', { name: 'Concentrado de aparatos y sistemas' })
    await waitFor(() => expect(lines(table)).toHaveLength(2))
    expect(lines(table)[0]).toMatch(/^Aparato respiratorio/)
    expect(lines(table)[1]).toMatch(/^Sin nombre en el catálogo.*I10/)
    expect(document.body.textContent).not.toContain(CARDIO)
  })

  it('narrows by system, diagnosis, subgroup and period', async () => {
    signIn(['affected-systems-concentrated-index'])
    const { db } = await aClinic()
    await render(db)
    const table = await screen.findByRole('table', { name: 'Concentrado de aparatos y sistemas' })
    await waitFor(() => expect(lines(table)).toHaveLength(2))
    fireEvent.change(screen.getByLabelText('Aparato o sistema afectado'), { target: { value: CARDIO } })
    await waitFor(() => expect(lines(table)).toHaveLength(1))
    expect(lines(table)[0]).toContain('I10')
    fireEvent.change(screen.getByLabelText('Aparato o sistema afectado'), { target: { value: '' } })
    // The diagnoses offered are the period's of every system again.
    await waitFor(() => expect(lines(table)).toHaveLength(2))
    fireEvent.change(screen.getByLabelText('Diagnóstico'), { target: { value: 'J00' } })
    await waitFor(() => expect(lines(table)).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: '1 año' }))
    await waitFor(() => expect(lines(table)).toHaveLength(2))
    expect(lines(table).join()).toContain('Pedro')
    fireEvent.change(screen.getByLabelText('Subgrupo'), { target: { value: MORNING } })
    await waitFor(() => expect(lines(table)).toHaveLength(1))
    expect(lines(table)[0]).toContain('María Guadalupe')
  })

  it('reads its filters from the address, as the dashboard opens it, and writes them back', async () => {
    signIn(['affected-systems-concentrated-index'])
    const { db } = await aClinic()
    const from = dayOf(new Date(Date.now() - 4 * DAY_MS))
    const today = dayOf(new Date())
    const router = await renderAt(
      db,
      `/?period=custom&from=${from}&to=${today}&diagnosis=J00&subgroup=${MORNING}`,
    )
    const table = await screen.findByRole('table', { name: 'Concentrado de aparatos y sistemas' })
    // Only the cold of three days ago falls in the period: the figure the dashboard showed.
    await waitFor(() => expect(lines(table)).toHaveLength(1))
    expect(lines(table)[0]).toMatch(/J00 · Rinofaringitis aguda.*María Guadalupe.*1/)
    expect(screen.getByRole('list', { name: 'Aparatos y sistemas en el periodo' }).textContent).toContain(
      'Aparato respiratorio 1 consulta · 1 paciente',
    )
    expect((screen.getByLabelText('Diagnóstico') as HTMLSelectElement).value).toBe('J00')
    // The subgroups' names come from their catalogue, read apart.
    await waitFor(() => expect((screen.getByLabelText('Subgrupo') as HTMLSelectElement).value).toBe(MORNING))
    expect(screen.getByRole('button', { name: 'Personalizado' }).getAttribute('aria-pressed')).toBe('true')
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe(from)
    expect(router.state.location.search).toEqual({
      period: 'custom',
      from,
      to: today,
      diagnosis: 'J00',
      subgroup: MORNING,
    })

    fireEvent.change(screen.getByLabelText('Subgrupo'), { target: { value: '' } })
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('subgroup'))
    expect(router.state.location.search).toHaveProperty('diagnosis', 'J00')
  })

  it('reads an open period as the whole history', async () => {
    signIn(['affected-systems-concentrated-index'])
    const { db } = await aClinic()
    await renderAt(db, `/?period=custom&diagnosis=J00`)
    const table = await screen.findByRole('table', { name: 'Concentrado de aparatos y sistemas' })
    await waitFor(() => expect(lines(table)).toHaveLength(2))
    expect(lines(table).join()).toContain('Pedro')
  })

  it('builds the spreadsheet of the rows shown on the device, named with the day', async () => {
    signIn(['affected-systems-concentrated-index'])
    const { db } = await aClinic()
    await render(db)
    const table = await screen.findByRole('table', { name: 'Concentrado de aparatos y sistemas' })
    await waitFor(() => expect(lines(table)).toHaveLength(2))
    fireEvent.click(screen.getByRole('button', { name: 'Descargar' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.name).toMatch(/^sistemas_afectados_\d{2}_\d{2}_\d{4}\.xlsx$/)
    const book = XLSX.read(saved[0]?.bytes)
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Aparatos y sistemas'] as XLSX.WorkSheet, {
      header: 1,
    })
    expect(rows[0]?.[0]).toBe('Aparato o sistema afectado')
    expect(rows.slice(1).map((row) => [row[0], row[1], row[6]])).toEqual([
      ['Aparato respiratorio', 'J00', 2],
      ['Aparato cardiovascular', 'I10', 1],
    ])
  })
})
