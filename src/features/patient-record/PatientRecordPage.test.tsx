import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportConnection } from '../../api/connection'
import { holdCatalogs } from '../../catalogs/test-catalogs'
import type { LocalDb } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { createReading } from '../../sync/reading-mutators'
import { createRecordSection } from '../../sync/record-section-mutators'
import { aDevice, aSyncedPatient } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
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
  beforeEach(() => {
    signedInAs(['patients-index', 'patients-edit'], { uuid: 'doctor-3' })
    reportConnection('online')
  })
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  // The page draws a chart per self-tracking kind: on a busy machine that takes seconds.
  it('opens from the device with every section, and asks the server for the patient (the audited read)', {
    timeout: 15_000,
  }, async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await createRecordSection(db, ctx, 'medical-conditions', {
      patient_id: patient.id,
      medical_condition_id: 'diabetes',
      year: 2019,
    })
    await holdCatalogs(db, {
      lists: { 'medical-conditions': [{ code: 'diabetes', name: 'Diabetes' }] },
    })
    const api = stubApi({
      [`/api/operation/patients/${patient.id}`]: { body: { data: patient, message: '', error: false } },
    })
    await renderRecord(db, patient.id)
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Expediente de María Guadalupe González Martínez',
      }),
    ).toBeTruthy()
    const sections = document.querySelector('.patient-record__sections') as HTMLElement
    expect(within(sections).getAllByRole('region')).toHaveLength(9)
    const conditions = screen.getByRole('region', { name: 'Condiciones médicas' })
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
    // Online, that read is the audit entry: nothing is queued for it.
    expect((await db.outbox.toArray()).filter((entry) => entry.entity === 'recordOpening')).toEqual([])
  })

  it.each([
    ['the device knows it is offline', 'offline', 0],
    ['the server cannot be reached', 'online', 1],
  ] as const)(
    'queues one note of an opening when %s, for the server’s audit log (decision 0038)',
    async (_, connection, asked) => {
      const { db, ctx } = aDevice()
      const patient = await aSyncedPatient(db, ctx)
      reportConnection(connection)
      const api = stubApi({})
      await renderRecord(db, patient.id)
      await screen.findByRole('region', { name: 'Condiciones médicas' })
      const notes = async () =>
        (await db.outbox.toArray()).filter((entry) => entry.entity === 'recordOpening')
      await waitFor(async () => expect(await notes()).toHaveLength(1))
      const [note] = await notes()
      expect(note).toMatchObject({
        kind: 'recordOpening.create',
        method: 'POST',
        path: `/api/operation/patients/${patient.id}/offline-openings`,
        body: { opened_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      })
      expect(await db.recordOpenings.get(note?.entityId as string)).toMatchObject({
        patient_id: patient.id,
        screen: 'patient-record',
        syncState: 'pending',
      })
      // Offline the server is never asked; unreachable, only the read that failed was tried.
      expect(api.requests).toHaveLength(asked)
    },
  )

  it('reads the patient once per opening: the network going and coming back asks again for nothing', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    const api = stubApi({
      [`/api/operation/patients/${patient.id}`]: { body: { data: patient, message: '', error: false } },
    })
    await renderRecord(db, patient.id)
    await screen.findByRole('region', { name: 'Condiciones médicas' })
    const reads = () =>
      api.requests.filter(
        (request) => new URL(request.url).pathname === `/api/operation/patients/${patient.id}`,
      )
    await waitFor(() => expect(reads()).toHaveLength(1))
    act(() => reportConnection('offline'))
    act(() => reportConnection('online'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(reads()).toHaveLength(1)
    // Audited by that read: no note queued when the network went.
    expect((await db.outbox.toArray()).filter((entry) => entry.entity === 'recordOpening')).toEqual([])
  })

  it('opens with a banner: who the patient is, the allergies and alerts, and the record’s actions', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await createRecordSection(db, ctx, 'allergies-tolerances', {
      patient_id: patient.id,
      description: 'Penicilina',
    })
    stubApi({})
    await renderRecord(db, patient.id)
    const banner = (await screen.findByRole('heading', { level: 1 })).closest('header') as HTMLElement
    expect(within(banner).getByText(patient.curp as string).tagName).toBe('DD')
    await waitFor(() =>
      expect(within(banner).getByText(/Alergias:/).parentElement?.textContent).toContain('Penicilina'),
    )
    expect(within(banner).getByText(/Alertas:/).parentElement?.textContent).toContain('Ninguna registrada')
    expect(within(banner).getByRole('link', { name: 'Editar datos' }).getAttribute('href')).toBe(
      `/patients/edit/${patient.id}`,
    )
  })

  it('still opens with no network, naming conditions from the device’s catalog cache', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await createRecordSection(db, ctx, 'medical-conditions', {
      patient_id: patient.id,
      medical_condition_id: 'asthma',
    })
    await holdCatalogs(db, {
      lists: { 'medical-conditions': [{ code: 'asthma', name: 'Asma' }] },
    })
    stubApi({})
    await renderRecord(db, patient.id)
    const conditions = await screen.findByRole('region', { name: 'Condiciones médicas' })
    expect((await within(conditions).findByRole('listitem')).textContent).toMatch(/^Asma/)
  })

  it('picks a medical condition from the tenant’s active catalogue values, and still names old entries', {
    timeout: 15_000,
  }, async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    const value = (id: string, name: string, active: boolean, position: number) => ({
      id,
      catalogue: 'medical-conditions',
      name,
      code: null,
      active,
      parent_id: null,
      parent_name: null,
      position,
      items: [],
      updated_at: '2026-11-25T10:00:00.000Z',
    })
    const hypertension = '0193a7f2-5b1e-7c3d-8e4f-0000000000e1'
    const gout = '0193a7f2-5b1e-7c3d-8e4f-0000000000e2'
    await db.catalogueEntries.bulkPut([
      value(hypertension, 'Hipertensión', true, 0),
      value(gout, 'Gota', false, 1),
    ])
    await holdCatalogs(db, { lists: { 'medical-conditions': [{ code: 'diabetes', name: 'Diabetes' }] } })
    // One entry made with the shared list before the catalogue, one with a value since deactivated.
    await createRecordSection(db, ctx, 'medical-conditions', {
      patient_id: patient.id,
      medical_condition_id: 'diabetes',
    })
    await createRecordSection(db, ctx, 'medical-conditions', {
      patient_id: patient.id,
      medical_condition_id: gout,
    })
    stubApi({})
    await renderRecord(db, patient.id)
    const conditions = await screen.findByRole('region', { name: 'Condiciones médicas' })
    await waitFor(() =>
      expect(
        within(conditions)
          .getAllByRole('listitem')
          .map((item) => item.textContent?.split(/Por enviar/)[0]),
      ).toEqual(['Diabetes', 'Gota']),
    )
    fireEvent.click(within(conditions).getByRole('button', { name: 'Agregar Condiciones médicas' }))
    const adding = await screen.findByRole('dialog', { name: 'Agregar: Condiciones médicas' })
    const offered = within(within(adding).getByLabelText('Condición médica')).getAllByRole('option')
    expect(offered.map((option) => option.textContent)).toEqual(['Selecciona…', 'Hipertensión'])
    fireEvent.click(within(adding).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const goutEntry = within(conditions).getAllByRole('listitem')[1] as HTMLElement
    fireEvent.click(within(goutEntry).getByRole('button', { name: /^Editar/ }))
    const editing = await screen.findByRole('dialog', { name: 'Editar: Condiciones médicas' })
    const picker = within(editing).getByLabelText('Condición médica') as HTMLSelectElement
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecciona…', 'Hipertensión', 'Gota'])
  })

  it('shows the patient’s readings, read only, with the blood-pressure category and who recorded each', {
    timeout: 15_000,
  }, async () => {
    const device = aDevice()
    const { db } = device
    // A nurse takes the readings here; the patient's own would say "El paciente (autocontrol)".
    const ctx = { ...device.ctx, userName: 'Enfermera Demo', patientId: null }
    const patient = await aSyncedPatient(db, ctx)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString()
    const longAgo = new Date(Date.now() - 200 * 86_400_000).toISOString()
    await createReading(db, ctx, 'blood-pressure', {
      patient_id: patient.id,
      taken_at: yesterday,
      systolic: 128,
      diastolic: 84,
    })
    await createReading(db, ctx, 'glucose', {
      patient_id: patient.id,
      taken_at: yesterday,
      glucose: 96,
      moment: 'fasting',
    })
    // Outside the 30 days shown at first.
    await createReading(db, ctx, 'glucose', { patient_id: patient.id, taken_at: longAgo, glucose: 250 })
    await holdCatalogs(db, {
      lists: {
        'blood-pressure-ranges': [
          {
            code: 'normal',
            name: 'Normal',
            systolic_min: null,
            systolic_max: 119,
            diastolic_min: null,
            diastolic_max: 79,
            color: '#2e7d32',
            sort: 0,
          },
          {
            code: 'stage-1',
            name: 'Hipertensión etapa 1',
            systolic_min: 130,
            systolic_max: 139,
            diastolic_min: 80,
            diastolic_max: 89,
            color: '#ef6c00',
            sort: 2,
          },
        ],
      },
    })
    stubApi({
      [`/api/operation/patients/${patient.id}`]: { body: { data: patient, message: '', error: false } },
    })
    await renderRecord(db, patient.id)
    const panel = await screen.findByRole('region', { name: 'Lecturas del paciente' })
    const pressure = await within(panel).findByRole('region', { name: 'Registro de presión arterial' })
    await waitFor(() =>
      expect(within(pressure).getByRole('table', { name: 'Entradas del periodo' }).textContent).toContain(
        '128/84',
      ),
    )
    expect(within(pressure).getByRole('table', { name: 'Entradas del periodo' }).textContent).toContain(
      'Hipertensión etapa 1',
    )
    expect(within(pressure).getByRole('table', { name: 'Entradas del periodo' }).textContent).toContain(
      'Profesional: Enfermera Demo',
    )
    const glucose = within(panel).getByRole('region', { name: 'Registro de glucosa' })
    const rows = within(within(glucose).getByRole('table', { name: 'Entradas del periodo' })).getAllByRole(
      'row',
    )
    expect(rows).toHaveLength(2)
    expect(rows[1]?.textContent).toContain('96')
    expect(rows[1]?.textContent).not.toContain('250')
    // The patient's own entries: nothing here amends or deletes them.
    expect(within(panel).queryByRole('button', { name: /editar|eliminar/i })).toBeNull()
  })
})
