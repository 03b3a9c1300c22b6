import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportConnection } from '../../api/connection'
import type { LocalPatient } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import { LAST_PULL_KEY, type SyncEngine } from '../../sync/engine'
import { aDevice, CURPS } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
import { PatientsPage } from './PatientsPage'

const ok = (data: unknown) => ({ body: { data, message: '', error: false } })
const RICARDO = '0193a1b2-0000-7000-8000-0000000000a1'
const LUCIA = '0193a1b2-0000-7000-8000-0000000000a2'

const patient = (fields: Partial<LocalPatient> & { id: string }): LocalPatient => ({
  version: 1,
  syncState: 'synced',
  deleted_at: null,
  administrative_status: 'active',
  ...fields,
})

const PATIENTS: LocalPatient[] = [
  patient({
    id: '0193a1b2-0000-7000-8000-000000000001',
    name: 'José',
    last_name: 'Pérez',
    curp: CURPS.juan,
    assigned_user_ids: [RICARDO],
    assigned_user_names: ['Ricardo Salinas Ochoa'],
  }),
  patient({ id: '0193a1b2-0000-7000-8000-000000000002', name: 'María', last_name: 'González' }),
  patient({ id: '0193a1b2-0000-7000-8000-000000000003', name: 'Fernanda', last_name: 'Ruiz' }),
]

const FILTERS = {
  administrative_statuses: [{ code: 'active', name: 'Activo' }],
  subgroups: [],
  professionals: [
    { value: LUCIA, label: 'Lucía Mendoza Pineda' },
    { value: RICARDO, label: 'Ricardo Salinas Ochoa' },
  ],
  total: 120,
}

const outcome = (counts: Record<string, number>) =>
  ok({ assigned: 0, unassigned: 0, requested: 0, refused: 0, request_id: null, ...counts })

function signedInWith(permissions: string[]) {
  signedInAs(permissions, { uuid: 'admin-1' })
}

async function renderPage() {
  const { db } = aDevice()
  await db.patients.bulkAdd(PATIENTS)
  await db.meta.put({ key: LAST_PULL_KEY, value: Date.now() })
  const pull = vi.fn(async () => 0)
  setCurrentEngine({ db, pull } as unknown as SyncEngine)
  const root = createRootRoute({ component: Outlet })
  const index = createRoute({ getParentRoute: () => root, path: '/patients', component: PatientsPage })
  const router = createRouter({
    routeTree: root.addChildren([index]),
    history: createMemoryHistory({ initialEntries: ['/patients'] }),
  })
  await renderWithI18n(<RouterProvider router={router} />)
  await screen.findByRole('table', { name: 'Pacientes' })
  return { pull }
}

const sentTo = (requests: Request[], path: string) =>
  requests.filter((request) => new URL(request.url).pathname === path)

describe('the assignment actions of the patients list', () => {
  beforeEach(() => {
    reportConnection('online')
    signedInWith([
      'patients-index',
      'assignments.create',
      'assignments.delete',
      'assignments.bulk-request',
      'assignments.assigned-filter',
    ])
  })
  afterEach(() => {
    saveSession(null)
    setCurrentEngine(null)
    vi.unstubAllGlobals()
  })

  it('says a patient must be selected, and sends nothing, when none is', async () => {
    const { requests } = stubApi({ '/api/operation/get-filters/patients': ok(FILTERS) })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Asignar a un profesional' }))
    expect(await screen.findByText('Debe seleccionar al menos un paciente.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Desasignar' }))
    expect(screen.getByText('Debe seleccionar al menos un paciente.')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    // Selecting a patient clears the message.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar a María González' }))
    await waitFor(() => expect(screen.queryByText('Debe seleccionar al menos un paciente.')).toBeNull())
    expect(sentTo(requests, '/api/operation/patients/assignments-multiple')).toHaveLength(0)
  })

  it('assigns the page’s patients to the professional chosen, never to nobody, then pulls', async () => {
    const { requests, bodyOf } = stubApi({
      '/api/operation/get-filters/patients': ok(FILTERS),
      '/api/operation/patients/assignments-multiple': outcome({ assigned: 3 }),
    })
    const { pull } = await renderPage()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todos en la página' }))
    expect(await screen.findByText('3 pacientes seleccionados')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Asignar a un profesional' }))
    const dialog = await screen.findByRole('dialog', { name: 'Asignar a un profesional' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }))
    expect(await within(dialog).findByText('Las asignaciones no pueden estar vacías.')).toBeTruthy()
    expect(sentTo(requests, '/api/operation/patients/assignments-multiple')).toHaveLength(0)
    fireEvent.change(within(dialog).getByLabelText('Profesional'), { target: { value: LUCIA } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }))
    expect(await screen.findByText('Pacientes asignados: 3')).toBeTruthy()
    expect(bodyOf('/api/operation/patients/assignments-multiple')).toEqual({
      users_selected: [LUCIA],
      patients_selected: expect.arrayContaining(PATIENTS.map((p) => p.id)),
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(pull).toHaveBeenCalled()
    expect(screen.getByText('0 pacientes seleccionados')).toBeTruthy()
  })

  it('filters by assigned professional or by nobody, with the server’s professionals', async () => {
    stubApi({ '/api/operation/get-filters/patients': ok(FILTERS) })
    await renderPage()
    const assigned = screen.getByLabelText('Profesional asignado')
    await waitFor(() =>
      expect(
        within(assigned)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Todos', 'Sin asignar', 'Lucía Mendoza Pineda', 'Ricardo Salinas Ochoa']),
    )
    fireEvent.change(assigned, { target: { value: RICARDO } })
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2))
    expect(screen.getByRole('row', { name: /José Pérez/ }).textContent).toContain('Ricardo Salinas Ochoa')
    fireEvent.change(assigned, { target: { value: 'none' } })
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3))
  })

  it('confirms the massive assignment with the total of the top filters and sends it', async () => {
    const { requests, bodyOf } = stubApi({
      '/api/operation/get-filters/patients': ok(FILTERS),
      '/api/operation/patients/not-assignment/total': ok({ total: 7 }),
      '/api/operation/patients/assignment/massive': outcome({ assigned: 7 }),
    })
    await renderPage()
    fireEvent.change(screen.getByLabelText('Estatus administrativo'), { target: { value: 'active' } })
    fireEvent.click(screen.getByRole('button', { name: 'Asignación masiva' }))
    const dialog = await screen.findByRole('dialog', { name: 'Asignación masiva' })
    expect(await within(dialog).findByText(/7 pacientes sin asignar cumplen los filtros/)).toBeTruthy()
    const [total] = sentTo(requests, '/api/operation/patients/not-assignment/total')
    expect(new URL(total?.url ?? '').searchParams.get('administrative_status')).toBe('active')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText('Pacientes asignados: 7')).toBeTruthy()
    expect(bodyOf('/api/operation/patients/assignment/massive')).toEqual({ patients_selected: 'all' })
  })

  it('lists from the server when asked, with the filters, and not while offline', async () => {
    const { requests } = stubApi({
      '/api/operation/get-filters/patients': ok(FILTERS),
      '/api/operation/patients/list': ok({
        data: [{ ...PATIENTS[1], assigned_user_ids: [], assigned_user_names: [] }],
        from: 11,
        to: 11,
        total: 11,
        links: [{ url: null, label: '2', active: true }],
      }),
    })
    await renderPage()
    const server = await screen.findByRole('radio', { name: 'Todos en el servidor (120)' })
    expect(screen.getByText(/El servidor tiene más pacientes/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Profesional asignado'), { target: { value: 'none' } })
    fireEvent.click(server)
    expect(await screen.findByRole('table', { name: 'Pacientes en el servidor' })).toBeTruthy()
    await screen.findByText('Mostrando 11 a 11 de 11 registros')
    const [listed] = sentTo(requests, '/api/operation/patients/list')
    expect(JSON.parse(new URL(listed?.url ?? '').searchParams.get('filters') ?? '')).toEqual({
      assigned_to: 'none',
    })
    reportConnection('offline')
    expect(await screen.findByText(/Sin conexión: la lista del servidor no está disponible/)).toBeTruthy()
    expect((screen.getByRole('radio', { name: /Todos en el servidor/ }) as HTMLInputElement).disabled).toBe(
      true,
    )
    expect(await screen.findByRole('table', { name: 'Pacientes' })).toBeTruthy()
  })
})
