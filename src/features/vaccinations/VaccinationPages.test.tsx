import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { cacheVaccines, HEPATITIS_B, TETANUS } from '../../db/vaccination-test-data'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { aDevice, aSyncedPatient, pendingEntries } from '../../sync/test-fixtures'
import { createVaccinationRecord, type NewVaccinationRecord } from '../../sync/vaccination-mutators'
import { renderWithI18n, stubApi } from '../../test/render'
import { VaccinationCardPage } from './VaccinationCardPage'
import { VaccinationFormPage } from './VaccinationFormPage'

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

const ALL = [
  'vaccinations-card',
  'vaccinations-register-vaccine',
  'vaccinations-register-vaccine-edit',
  'vaccinations-register-vaccine-second-dose',
]

function signIn(permissions: string[]) {
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

const dose = (patientId: string, over: Partial<NewVaccinationRecord> = {}): NewVaccinationRecord => ({
  patient_id: patientId,
  vaccine_id: HEPATITIS_B,
  dose_number: 1,
  applied_on: '2026-10-01',
  ...over,
})

/** A patient of 41 with the biological risk: hepatitis B and Td apply. */
async function aNurse(db: LocalDb, ctx: { userId: string; tenant: string }) {
  const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
  await db.patients.update(patient.id, { occupational_risks: ['biological'] })
  await cacheVaccines(db)
  return patient
}

describe('the vaccination screens', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn(ALL)
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

  it('registers a first dose with an adverse reaction offline, refusing a future date first', async () => {
    const { db, ctx } = aDevice()
    const patient = await aNurse(db, ctx)
    const done = vi.fn()
    await render(db, () => <VaccinationFormPage patientId={patient.id} kind="register" onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Registrar dosis' })
    fill('Vacuna', HEPATITIS_B)
    expect((screen.getByLabelText('Número de dosis') as HTMLInputElement).value).toBe('1')
    fill('Fecha de aplicación', '2999/01/01')
    fill('Folio', 'F-2026-0142')
    fill('Lote', 'HB2291')
    fireEvent.click(screen.getByRole('button', { name: 'Agregar reacción adversa' }))
    fill('Fecha de la reacción', '2026/10/02')
    fill('Hora', '08:30')
    fill('Síntomas', 'Dolor en el brazo')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dosis' }))
    expect(await within(form).findByText('La fecha no puede ser futura.')).toBeTruthy()
    expect(await db.vaccinationRecords.count()).toBe(0)
    fill('Fecha de aplicación', '2026/10/01')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dosis' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const [saved] = await db.vaccinationRecords.toArray()
    expect(saved).toMatchObject({
      patient_id: patient.id,
      vaccine_id: HEPATITIS_B,
      dose_number: 1,
      applied_on: '2026-10-01',
      folio: 'F-2026-0142',
      lot: 'HB2291',
      adverse_reactions: [
        { date: '2026-10-02', time: '08:30', symptoms: 'Dolor en el brazo', comments: null },
      ],
      syncState: 'pending',
    })
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual(['vaccinationRecord.create'])
  })

  it('asks before a next dose sooner than the interval and records it as early once confirmed', async () => {
    const { db, ctx } = aDevice()
    const patient = await aNurse(db, ctx)
    const first = await createVaccinationRecord(db, ctx, dose(patient.id))
    const done = vi.fn()
    await render(db, () => (
      <VaccinationFormPage patientId={patient.id} kind="second-dose" recordId={first.id} onDone={done} />
    ))
    await screen.findByRole('form', { name: 'Siguiente dosis' })
    expect((screen.getByLabelText('Vacuna') as HTMLInputElement).value).toBe('Hepatitis B')
    expect((screen.getByLabelText('Número de dosis') as HTMLInputElement).value).toBe('2')
    // 14 days after the first; hepatitis B asks for 30.
    fill('Fecha de aplicación', '2026/10/15')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dosis' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Dosis antes del intervalo mínimo' })
    expect(await db.vaccinationRecords.count()).toBe(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar dosis anticipada' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const second = (await db.vaccinationRecords.toArray()).find((row) => row.id !== first.id)
    expect(second).toMatchObject({ dose_number: 2, applied_on: '2026-10-15', early_dose_confirmed: true })
  })

  it('shows the card: scheme status, next due dates, overdue, doses outside the scheme, unsent state', async () => {
    const { db, ctx } = aDevice()
    const patient = await aNurse(db, ctx)
    await createVaccinationRecord(db, ctx, dose(patient.id, { folio: 'F-1', lot: 'L-1' }))
    await createVaccinationRecord(
      db,
      ctx,
      dose(patient.id, { vaccine_id: TETANUS, applied_on: '2020-05-10' }),
    )
    await render(db, () => <VaccinationCardPage patientId={patient.id} />)
    expect(await screen.findByText('Esquema incompleto')).toBeTruthy()
    const hepatitis = screen.getByRole('region', { name: 'Hepatitis B' })
    expect(within(hepatitis).getByText('Dosis aplicadas: 1 de 3')).toBeTruthy()
    // The second dose is due 30 days after the first, and that day has passed.
    expect(within(hepatitis).getByText(/Siguiente: dosis 2 el 2026\/10\/31/)).toBeTruthy()
    expect(within(hepatitis).getByText('Vencida')).toBeTruthy()
    expect(within(hepatitis).getByText('F-1')).toBeTruthy()
    expect(within(hepatitis).getAllByText('Por enviar')).toHaveLength(1)
    expect(within(hepatitis).getByRole('link', { name: 'Siguiente dosis de Hepatitis B' })).toBeTruthy()
    const tetanus = screen.getByRole('region', { name: /^Td/ })
    expect(within(tetanus).getByText(/Siguiente: refuerzo \(dosis 2\) el 2030\/05\/08/)).toBeTruthy()
    expect(screen.getByText('Sin dosis de vacunas fuera del esquema.')).toBeTruthy()
  })

  it('deletes a dose after asking, and hides the actions from who may only see the card', async () => {
    const { db, ctx } = aDevice()
    const patient = await aNurse(db, ctx)
    const record = await createVaccinationRecord(db, ctx, dose(patient.id, { vaccine_id: TETANUS }))
    await render(db, () => <VaccinationCardPage patientId={patient.id} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la dosis 1 de Td' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar dosis' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }))
    await waitFor(async () => expect((await db.vaccinationRecords.get(record.id))?.deleted_at).toBeTruthy())
    // Td's first dose is due again from the 18th birthday on.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: /^Td/ })).getByText(/Siguiente: dosis 1 el 2003\/03\/17/),
      ).toBeTruthy(),
    )
  })

  it('shows no register, amend or delete action without their permissions', async () => {
    signIn(['vaccinations-card'])
    const { db, ctx } = aDevice()
    const patient = await aNurse(db, ctx)
    await createVaccinationRecord(db, ctx, dose(patient.id, { vaccine_id: TETANUS }))
    await render(db, () => <VaccinationCardPage patientId={patient.id} />)
    expect(await screen.findByText('Esquema incompleto')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Registrar dosis' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Eliminar la dosis/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /Corregir la dosis/ })).toBeNull()
  })

  it('amends a dose with only what changed, and shows the history the server keeps', async () => {
    const { db, ctx } = aDevice()
    const patient = await aNurse(db, ctx)
    const record = await createVaccinationRecord(db, ctx, dose(patient.id, { lot: 'HB2291' }))
    await db.outbox.clear()
    await db.vaccinationRecords.update(record.id, {
      version: 2,
      syncState: 'synced',
      amendments: [
        {
          id: 'a1',
          version: 2,
          amended_at: '2026-10-03T16:00:00.000Z',
          amended_by: { id: 'u1', name: 'Enf. Laura Méndez' },
          changes: { folio: { before: null, after: 'F-77' } },
        },
      ],
    })
    const done = vi.fn()
    await render(db, () => (
      <VaccinationFormPage patientId={patient.id} kind="edit" recordId={record.id} onDone={done} />
    ))
    await screen.findByRole('form', { name: 'Corregir dosis' })
    expect((screen.getByLabelText('Vacuna') as HTMLSelectElement).value).toBe(HEPATITIS_B)
    expect(screen.getByText(/Enf\. Laura Méndez/)).toBeTruthy()
    expect(screen.getByText('Folio: — → F-77')).toBeTruthy()
    fill('Lote', 'HB3000')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar corrección' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const [entry] = await pendingEntries(db)
    expect(entry).toMatchObject({
      kind: 'vaccinationRecord.update',
      body: { lot: 'HB3000' },
      baseVersion: 2,
    })
  })
})
