import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LocalDb } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { createRecordSection } from '../../sync/record-section-mutators'
import { aDevice, aSyncedPatient } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { PatientRecordPage } from './PatientRecordPage'

/** The page inside a router of its own (its links need one), on a device engine that sends nothing. */
async function renderRecord(db: LocalDb, patientId: string) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: () => <PatientRecordPage id={patientId} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  return renderWithI18n(<RouterProvider router={router} />)
}

describe('the patient’s record page', () => {
  beforeEach(() =>
    saveSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 3_600_000,
      user: {
        uuid: 'doctor-3',
        name: 'Luis',
        last_name: 'Ramírez',
        email: 'doctor@demo.localhost',
        employee_number: null,
        photo_url: null,
        role: null,
        permissions: ['patients-index', 'patients-edit'],
        patient_id: null,
      },
      host: 'demo.localhost',
      isLandlord: false,
      routeRedirect: '/patients',
      passwordExpired: false,
      noticePending: false,
      menus: null,
    }),
  )
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('opens from the device with every section, and asks the server for the patient (the audited read)', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await createRecordSection(db, ctx, 'medical-conditions', {
      patient_id: patient.id,
      medical_condition_id: 'diabetes',
      year: 2019,
    })
    const api = stubApi({
      [`/api/operation/patients/${patient.id}`]: { body: { data: patient, message: '', error: false } },
      '/api/catalogs/catalog/medical-conditions': {
        body: { data: [{ code: 'diabetes', name: 'Diabetes' }], message: '', error: false },
      },
    })
    await renderRecord(db, patient.id)
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Expediente de María Guadalupe González Martínez',
      }),
    ).toBeTruthy()
    expect(screen.getAllByRole('region')).toHaveLength(9)
    const conditions = screen.getByRole('region', { name: 'Condiciones médicas' })
    // Named once the list arrives; until then the entry shows its code.
    await waitFor(() =>
      expect(within(conditions).getByRole('listitem').textContent).toContain('Diabetes · 2019'),
    )
    expect(within(conditions).getByRole('listitem').textContent).toContain('Por enviar')
    expect(
      within(screen.getByRole('region', { name: 'Estatus COVID' })).getByText('Sin registros'),
    ).toBeTruthy()
    expect(api.requests.map((request) => new URL(request.url).pathname)).toContain(
      `/api/operation/patients/${patient.id}`,
    )
  })

  it('still opens with no network, naming conditions from the copy kept on the device', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await createRecordSection(db, ctx, 'medical-conditions', {
      patient_id: patient.id,
      medical_condition_id: 'asthma',
    })
    localStorage.setItem('catalog.medical-conditions.es', JSON.stringify([{ code: 'asthma', name: 'Asma' }]))
    stubApi({})
    await renderRecord(db, patient.id)
    const conditions = await screen.findByRole('region', { name: 'Condiciones médicas' })
    expect((await within(conditions).findByRole('listitem')).textContent).toMatch(/^Asma/)
  })
})
