import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as XLSX from 'xlsx'
import { downloadDateStamp } from '../../contract/rules/dates'
import { PATIENT_MODE_PERMISSIONS } from '../../contract/rules/permissions'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { cacheVaccines, HEPATITIS_B, TETANUS } from '../../db/vaccination-test-data'
import { vaccinationSheet } from '../../documents/vaccination-rows'
import { saveFile } from '../../reports/save-file'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { aDevice, aSyncedPatient } from '../../sync/test-fixtures'
import { createVaccinationRecord } from '../../sync/vaccination-mutators'
import { renderWithI18n, stubApi } from '../../test/render'
import { PatientVaccinationPage } from './PatientVaccinationPage'
import { VaccinationCardPage } from './VaccinationCardPage'
import { VaccinationIndexPage } from './VaccinationIndexPage'
import { localDay } from './vaccination-form-values'
import { readVaccinationIndex } from './vaccination-index'

// The downloads are caught where the device saves them, to read the bytes it made.
vi.mock('../../reports/save-file', () => ({ saveFile: vi.fn() }))

configure({ asyncUtilTimeout: 5_000 })

/** A screen inside a router of its own (its links need one), on a device engine that sends nothing. */
async function render(db: LocalDb, screenOf: () => ReactNode) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: screenOf })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

const STAFF = ['vaccinations-index', 'vaccinations-card', 'vaccinations-register-vaccine']

function signIn(permissions: readonly string[], patientId: string | null = null) {
  saveSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    user: {
      uuid: 'user-7',
      name: 'Rosa Elena',
      last_name: 'Quintero',
      email: 'rosa@demo.localhost',
      employee_number: null,
      photo_url: null,
      role: null,
      permissions: [...permissions],
      patient_id: patientId,
    },
    host: 'demo.localhost',
    isLandlord: false,
    routeRedirect: '/vaccinations',
    passwordExpired: false,
    noticePending: false,
    menus: null,
  })
}

const WELDER = '0193a7f2-5b1e-7c3d-8e4f-00000000f001'

/**
 * Two cached patients: a nurse of 41 with the biological risk (hepatitis B and Td apply; one
 * hepatitis B dose on 2026-10-01, so the second was due on 2026-10-31, and Td since her 18th
 * birthday) and a welder whose Td of 2020 keeps him complete until its booster in 2030.
 */
async function twoPatients(db: LocalDb, ctx: { userId: string; tenant: string }) {
  const nurse = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
  await db.patients.update(nurse.id, { occupational_risks: ['biological'] })
  await db.patients.put({
    id: WELDER,
    payroll_number: 'N020511',
    name: 'Juan Carlos',
    last_name: 'Ramírez',
    second_last_name: 'Ortiz',
    curp: 'RAOJ800512HJCMRN03',
    birth_date: '1980-05-12',
    biological_sex: 'male',
    subgroups: [],
    occupational_risks: [],
    version: 1,
    syncState: 'synced',
  })
  await cacheVaccines(db)
  await createVaccinationRecord(db, ctx, {
    patient_id: nurse.id,
    vaccine_id: HEPATITIS_B,
    dose_number: 1,
    applied_on: '2026-10-01',
    folio: 'F-1',
    lot: 'L-1',
  })
  await createVaccinationRecord(db, ctx, {
    patient_id: WELDER,
    vaccine_id: TETANUS,
    dose_number: 1,
    applied_on: '2020-05-10',
  })
  return { nurse }
}

const rowOf = (name: string) => {
  const link = screen.getByRole('link', { name })
  const row = link.closest('tr')
  if (!row) throw new Error(`no row for ${name}`)
  return row
}

describe('the vaccination index and the cards’ documents', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn(STAFF)
    // Offline: nothing answers.
    stubApi({})
  })
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
    vi.mocked(saveFile).mockReset()
  })

  it('lists every cached patient with the scheme status, the next due date and the overdue doses, most overdue first', async () => {
    const { db, ctx } = aDevice()
    await twoPatients(db, ctx)
    await render(db, () => <VaccinationIndexPage />)
    await screen.findByRole('heading', { name: 'Vacunación' })
    const nurse = rowOf('María Guadalupe González Martínez')
    expect(within(nurse).getByText('Incompleto')).toBeTruthy()
    // Td was due from her 18th birthday (2003/03/17), the soonest of her next doses: overdue, the
    // list says so instead of the date (the card gives it).
    expect(within(nurse).getByText('Td')).toBeTruthy()
    expect(within(nurse).getByText('Vencida')).toBeTruthy()
    expect(within(nurse).queryByText('2003/03/17')).toBeNull()
    expect(within(nurse).getByText('2')).toBeTruthy()
    const welder = rowOf('Juan Carlos Ramírez Ortiz')
    expect(within(welder).getByText('Completo')).toBeTruthy()
    expect(within(welder).getByText('2030/05/08')).toBeTruthy()
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('link')[0]?.textContent)
    expect(names).toEqual(['María Guadalupe González Martínez', 'Juan Carlos Ramírez Ortiz'])
    const counts = screen.getByRole('list', { name: 'Pacientes por esquema' })
    expect(within(counts).getByText('Con dosis vencidas').nextElementSibling?.textContent).toBe('1')
  })

  it('filters by the choices of get-filters/vaccinations worked out on the device', async () => {
    const { db, ctx } = aDevice()
    await twoPatients(db, ctx)
    await render(db, () => <VaccinationIndexPage />)
    await screen.findByRole('link', { name: 'Juan Carlos Ramírez Ortiz' })
    fireEvent.change(screen.getByLabelText('Dosis vencidas'), { target: { value: 'no' } })
    await waitFor(() => expect(screen.queryByRole('link', { name: /María Guadalupe/ })).toBeNull())
    expect(screen.getByRole('link', { name: 'Juan Carlos Ramírez Ortiz' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Dosis vencidas'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Vacuna'), { target: { value: HEPATITIS_B } })
    await waitFor(() => expect(screen.queryByRole('link', { name: /Juan Carlos/ })).toBeNull())
    fireEvent.change(screen.getByLabelText('Vacuna'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Riesgo laboral'), { target: { value: 'biological' } })
    await waitFor(() => expect(screen.queryByRole('link', { name: /Juan Carlos/ })).toBeNull())
    expect(screen.getByRole('link', { name: 'María Guadalupe González Martínez' })).toBeTruthy()
    const statuses = within(screen.getByLabelText('Esquema')).getAllByRole('option')
    expect(statuses.map((option) => option.textContent)).toEqual(['Todos', 'Completo', 'Incompleto'])
  })

  it('opens filtered by the choices in its address (the dashboard’s overdue figure), and writes a change back', async () => {
    const { db, ctx } = aDevice()
    await twoPatients(db, ctx)
    const written: unknown[] = []
    await render(db, () => (
      <VaccinationIndexPage filters={{ overdue: 'no' }} onFiltersChange={(next) => written.push(next)} />
    ))
    await screen.findByRole('link', { name: 'Juan Carlos Ramírez Ortiz' })
    expect(screen.queryByRole('link', { name: /María Guadalupe/ })).toBeNull()
    fireEvent.change(screen.getByLabelText('Esquema'), { target: { value: 'incomplete' } })
    expect(written).toEqual([{ overdue: 'no', status: 'incomplete' }])
  })

  it('downloads the spreadsheet built on the device, the server’s layout, named with the day', async () => {
    const { db, ctx } = aDevice()
    await twoPatients(db, ctx)
    await render(db, () => <VaccinationIndexPage />)
    await screen.findByRole('link', { name: 'Juan Carlos Ramírez Ortiz' })
    fireEvent.click(screen.getByRole('button', { name: 'Descargar' }))
    await waitFor(() => expect(saveFile).toHaveBeenCalled())
    const [bytes, fileName, type] = vi.mocked(saveFile).mock.calls[0] as [Uint8Array, string, string]
    expect(fileName).toBe(`vacunacion_${downloadDateStamp(new Date())}.xlsx`)
    expect(type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const book = XLSX.read(bytes, { type: 'array' })
    const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet
    const today = localDay(new Date())
    const index = await readVaccinationIndex(db, today)
    const expected = vaccinationSheet(
      index.entries,
      new Map(index.vaccines.map((entry) => [entry.id, entry.name])),
      'es',
      today,
    )
    expect(book.SheetNames).toEqual([expected.sheetName])
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null })).toEqual([
      expected.header,
      ...expected.cells,
    ])
    expect(expected.cells.map((row) => row[1])).toEqual([
      'María Guadalupe González Martínez',
      'Juan Carlos Ramírez Ortiz',
    ])
  })

  it('saves the card as a PDF built on the device, offline', async () => {
    const { db, ctx } = aDevice()
    const { nurse } = await twoPatients(db, ctx)
    await render(db, () => <VaccinationCardPage patientId={nurse.id} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar PDF' }))
    await waitFor(() => expect(saveFile).toHaveBeenCalled())
    const [bytes, fileName, type] = vi.mocked(saveFile).mock.calls[0] as [Uint8Array, string, string]
    expect(fileName).toBe(`cartilla_vacunacion_${downloadDateStamp(new Date())}.pdf`)
    expect(type).toBe('application/pdf')
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
  })

  it('shows the patient their own card, read only, with its PDF', async () => {
    const { db, ctx } = aDevice()
    const { nurse } = await twoPatients(db, ctx)
    signIn(PATIENT_MODE_PERMISSIONS, nurse.id)
    await render(db, () => <PatientVaccinationPage />)
    expect(await screen.findByRole('heading', { name: 'Mi cartilla de vacunación' })).toBeTruthy()
    expect(screen.getByText('Esquema incompleto')).toBeTruthy()
    const hepatitis = screen.getByRole('region', { name: 'Hepatitis B' })
    expect(within(hepatitis).getByText(/Siguiente: dosis 2 el 2026\/10\/31/)).toBeTruthy()
    expect(within(hepatitis).getByText('F-1')).toBeTruthy()
    expect(
      screen.queryByRole('link', { name: /Registrar dosis|Siguiente dosis|Volver al expediente/ }),
    ).toBeNull()
    expect(screen.queryByRole('button', { name: /Eliminar|Corregir/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'María Guadalupe González Martínez' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }))
    await waitFor(() => expect(saveFile).toHaveBeenCalled())
  })

  it('tells an account with no patient record that it has no card', async () => {
    const { db } = aDevice()
    signIn(PATIENT_MODE_PERMISSIONS, null)
    await render(db, () => <PatientVaccinationPage />)
    expect(await screen.findByText('Tu cuenta no está vinculada a un expediente de paciente.')).toBeTruthy()
  })
})
