import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import { createEncounter } from '../../sync/encounter-mutators'
import type { SyncEngine } from '../../sync/engine'
import { HEALTH_CERTIFICATE, SHORT_HISTORY } from '../../sync/medical-report-kinds'
import { amendReport, createReport } from '../../sync/medical-report-mutators'
import { aCertificate, aShortHistory } from '../../sync/medical-report-test-data'
import { createReading } from '../../sync/reading-mutators'
import { aDevice, aSyncedPatient, pendingEntries } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { CertificateFormPage } from './CertificateFormPage'
import { CertificateViewPage } from './CertificateViewPage'
import { PatientReports } from './PatientReports'
import { ShortHistoryDetailPage } from './ShortHistoryDetailPage'
import { ShortHistoryFormPage } from './ShortHistoryFormPage'

configure({ asyncUtilTimeout: 5_000 })

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

async function render(db: LocalDb, screenOf: () => ReactNode) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: screenOf })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

const DOCTOR = [
  'clinical-history-create',
  'clinical-history-edit',
  'clinical-history-detail',
  'short-history.delete',
  'certificate-health-status-create',
  'certificate-health-status-edit',
  'certificate-health-status-view',
]

function signIn(permissions: string[]) {
  saveSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    user: {
      uuid: 'doctor-3',
      name: 'Leticia',
      last_name: 'Campos',
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

const CTX = { userId: 'doctor-3', tenant: 'demo', userName: 'Leticia Campos' }
/** Where the certificate's form learns its signer's title and cédula (decision 0036). */
const PRACTITIONER_PATH = (userId: string) => `/api/operation/practitioners/${userId}`

describe('the medical report screens', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn(DOCTOR)
    stubApi({})
  })
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('takes a short clinical history offline: the type and reason required, the vital signs in the device’s units', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    const done = vi.fn()
    await render(db, () => <ShortHistoryFormPage patientId={patient.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Nueva historia clínica breve' })
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar historia' }))
    expect(await within(form).findByText('Revisa los campos marcados.')).toBeTruthy()
    expect(within(form).getAllByText('Este campo es obligatorio.').length).toBeGreaterThanOrEqual(2)
    expect(await db.shortHistories.count()).toBe(0)
    fill('Tipo de historia', 'return_to_work')
    fill('Fecha', '2026/11/23')
    fill('Motivo', 'Reincorporación tras esguince')
    fill('Padecimiento actual', 'Camina sin apoyo.')
    fill('Peso (kg)', '78.5')
    fill('Presión sistólica (mmHg)', '118')
    fill('Plan', 'Pausas activas')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar historia' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const [created] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'shortHistory.create',
      body: {
        patient_id: patient.id,
        type: 'return_to_work',
        recorded_on: '2026-11-23',
        reason: 'Reincorporación tras esguince',
        current_condition: 'Camina sin apoyo.',
        family_history: null,
        weight_kg: 78.5,
        systolic: 118,
        plan: 'Pausas activas',
      },
    })
  })

  it('shows a history with its amendments, amends only what changed, and deletes it softly', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    const history = await createReport(db, CTX, SHORT_HISTORY, aShortHistory(patient.id))
    // What the server answered for an earlier amendment, as the feed brings it.
    await db.shortHistories.update(history.id, {
      syncState: 'synced',
      version: 2,
      amendments: [
        {
          id: 'a1',
          version: 2,
          amended_at: '2026-11-24T16:00:00.000Z',
          amended_by: { id: 'doctor-3', name: 'Leticia Campos' },
          changes: { type: { before: 'general', after: 'return_to_work' } },
        },
      ],
    })
    await db.outbox.clear()
    const deleted = vi.fn()
    await render(db, () => (
      <ShortHistoryDetailPage patientId={patient.id} historyId={history.id} onDeleted={deleted} />
    ))
    expect(await screen.findByText('Reincorporación laboral')).toBeTruthy()
    expect(screen.getByText('2026/11/23')).toBeTruthy()
    expect(screen.getByText('Tipo de historia: General → Reincorporación laboral')).toBeTruthy()
    expect(screen.getByText('118 mmHg')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(deleted).toHaveBeenCalled())
    expect((await db.shortHistories.get(history.id))?.deleted_at).toBeTruthy()
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual(['shortHistory.delete'])

    const again = await createReport(db, CTX, SHORT_HISTORY, aShortHistory(patient.id))
    const done = vi.fn()
    await render(db, () => <ShortHistoryFormPage patientId={patient.id} historyId={again.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Corregir historia clínica breve' })
    fill('Plan', 'Control en una semana')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    // The weight and the rest untouched: only the plan travels.
    expect((await pendingEntries(db)).at(-1)).toMatchObject({
      kind: 'shortHistory.update',
      body: { plan: 'Control en una semana' },
    })
    expect(Object.keys((await pendingEntries(db)).at(-1)?.body ?? {})).toEqual(['plan'])
  })

  it('starts a certificate from the latest consultation and the readings since, names the signer, and requires the restrictions', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    const encounter = await createEncounter(db, CTX, {
      patient_id: patient.id,
      type: 'initial',
      started_at: '2026-11-20T16:30:00.000Z',
      modality: 'on_site',
      reason_id: '0193a7f2-5b1e-7c3d-8e4f-000000000002',
      weight_kg: 80,
      height_m: 1.72,
      systolic: 130,
      diastolic: 85,
      diagnoses: [
        {
          code: 'S934',
          name: 'Esguince del tobillo',
          affected_system_id: '0193a7f2-5b1e-7c3d-8e4f-000000000003',
        },
      ],
    })
    await createReading(db, CTX, 'blood-pressure', {
      patient_id: patient.id,
      taken_at: '2026-11-22T09:00:00.000Z',
      systolic: 118,
      diastolic: 76,
    })
    await db.outbox.clear()
    stubApi({
      [PRACTITIONER_PATH('doctor-3')]: {
        body: {
          data: {
            id: 'doctor-3',
            name: 'Leticia Campos',
            title: 'Dra.',
            professional_license: '8123456',
          },
        },
      },
    })
    const done = vi.fn()
    await render(db, () => <CertificateFormPage patientId={patient.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Nuevo certificado de estado de salud' })
    expect(within(form).getByText(/Basado en la consulta del 2026\/11\/20/)).toBeTruthy()
    expect(within(form).getByText(/S934 Esguince del tobillo/)).toBeTruthy()
    // The consultation's weight; the pressure read since replaces the consultation's.
    expect((screen.getByLabelText('Peso (kg)') as HTMLInputElement).value).toBe('80')
    expect((screen.getByLabelText('Presión sistólica (mmHg)') as HTMLInputElement).value).toBe('118')
    expect(
      await within(form).findByText('Firma: Dra. Leticia Campos, cédula profesional 8123456'),
    ).toBeTruthy()

    fill('Resultado', 'fit_with_restrictions')
    fill('Vigente hasta', '2026/11/01')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar certificado' }))
    expect(
      await within(form).findByText('Escribe las restricciones con las que el trabajador es apto.'),
    ).toBeTruthy()
    expect(within(form).getByText('La vigencia no puede terminar antes de empezar.')).toBeTruthy()
    fill('Restricciones', 'No cargar más de 10 kg')
    fill('Vigente desde', '2026/11/23')
    fill('Vigente hasta', '2027/05/23')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar certificado' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const [created] = await pendingEntries(db)
    expect(created).toMatchObject({
      kind: 'healthCertificate.create',
      body: {
        result: 'fit_with_restrictions',
        restrictions: 'No cargar más de 10 kg',
        valid_from: '2026-11-23',
        valid_to: '2027-05-23',
        encounter_id: encounter.id,
        weight_kg: 80,
        systolic: 118,
        diastolic: 76,
      },
    })
    const row = await db.healthCertificates.get(created?.entityId as string)
    expect(row?.author).toEqual({
      id: 'doctor-3',
      name: 'Leticia Campos',
      title: 'Dra.',
      professional_license: '8123456',
    })
  })

  it('shows a certificate with its signer and offers its correction, but no delete', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    const certificate = await createReport(db, CTX, HEALTH_CERTIFICATE, aCertificate(patient.id), {
      author: { id: 'doctor-3', name: 'Leticia Campos', title: 'Dra.', professional_license: '8123456' },
    })
    await amendReport(db, CTX, HEALTH_CERTIFICATE, certificate.id, { purpose: 'Trabajo en almacén' })
    await render(db, () => <CertificateViewPage patientId={patient.id} certificateId={certificate.id} />)
    expect(await screen.findByText('Apto con restricciones')).toBeTruthy()
    expect(screen.getByText('2026/11/23 – 2027/05/23')).toBeTruthy()
    expect(screen.getByText('Dra. Leticia Campos')).toBeTruthy()
    expect(screen.getByText('8123456')).toBeTruthy()
    expect(screen.getByText('Trabajo en almacén')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Corregir' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull()
    // Not sent yet: the history comes from the server once it has the certificate.
    expect(
      screen.getByText('El historial de cambios llegará del servidor cuando el reporte se haya enviado.'),
    ).toBeTruthy()
  })

  it('lists the patient’s reports on the record, and offers a reader no writing', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    await createReport(db, CTX, SHORT_HISTORY, aShortHistory(patient.id))
    await createReport(
      db,
      CTX,
      SHORT_HISTORY,
      aShortHistory(patient.id, { recorded_on: '2026-10-02', type: 'general' }),
    )
    await createReport(db, CTX, HEALTH_CERTIFICATE, aCertificate(patient.id))
    signIn(['clinical-history-detail', 'certificate-health-status-view'])
    await render(db, () => <PatientReports patientId={patient.id} />)
    const histories = await screen.findByRole('region', { name: 'Historias clínicas breves' })
    const items = within(histories).getAllByRole('listitem')
    // Newest first.
    expect(items.map((item) => item.textContent?.slice(0, 10))).toEqual(['2026/11/23', '2026/10/02'])
    expect(within(histories).getByRole('link', { name: 'Ver historia clínica del 2026/11/23' })).toBeTruthy()
    expect(within(histories).queryByRole('link', { name: /Nueva|Corregir/ })).toBeNull()
    const certificates = screen.getByRole('region', { name: 'Certificados de estado de salud' })
    expect(within(certificates).getByText(/vigente hasta 2027\/05\/23/)).toBeTruthy()
    expect(within(certificates).getByRole('link', { name: 'Ver certificado del 2026/11/23' })).toBeTruthy()
    expect(within(certificates).queryByRole('link', { name: /Nuevo|Corregir/ })).toBeNull()
  })
})
