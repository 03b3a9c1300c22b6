import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { setCurrentEngine } from '../../sync/current-engine'
import { LAST_PULL_KEY, type SyncEngine } from '../../sync/engine'
import { aDevice, CURPS } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { SEARCH_DEBOUNCE_MS } from '../../ui/data-table/DataTable'
import { PatientsPage } from './PatientsPage'

vi.mock('xlsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('xlsx')>()
  return { ...actual, writeFile: vi.fn() }
})

const patient = (fields: Partial<LocalPatient> & { id: string }): LocalPatient => ({
  version: 1,
  syncState: 'synced',
  deleted_at: null,
  ...fields,
})

const PATIENTS: LocalPatient[] = [
  patient({
    id: '0193a1b2-0000-7000-8000-000000000001',
    name: 'José',
    last_name: 'Pérez',
    second_last_name: 'García',
    curp: CURPS.juan,
    payroll_number: 'N010001',
    administrative_status: 'active',
    subgroups: ['Planta 2'],
  }),
  patient({
    id: '0193a1b2-0000-7000-8000-000000000002',
    name: 'María Guadalupe',
    last_name: 'González',
    second_last_name: 'Martínez',
    curp: CURPS.guadalupe,
    payroll_number: 'N010245',
    administrative_status: 'candidate',
    syncState: 'pending',
  }),
  patient({
    id: '0193a1b2-0000-7000-8000-000000000003',
    name: 'Fernanda',
    last_name: 'Ruiz',
    second_last_name: 'Salas',
    curp: 'RUSF880709MNLZLR02',
    payroll_number: 'N020441',
    administrative_status: 'active',
    syncState: 'conflict',
  }),
  patient({
    id: '0193a1b2-0000-7000-8000-000000000004',
    name: 'Borrado',
    last_name: 'Antes',
    deleted_at: '2026-11-20T10:00:00Z',
  }),
]

async function aDeviceWithPatients({ pulled = true } = {}): Promise<LocalDb> {
  const { db } = aDevice()
  await db.patients.bulkAdd(PATIENTS)
  await db.catalogItems.bulkAdd([
    {
      list: 'administrative-statuses',
      code: 'active',
      position: 0,
      data: { code: 'active', name: 'Activo' },
    },
    {
      list: 'administrative-statuses',
      code: 'candidate',
      position: 1,
      data: { code: 'candidate', name: 'Candidato' },
    },
  ])
  if (pulled) await db.meta.put({ key: LAST_PULL_KEY, value: Date.now() })
  // The page reads only the engine's database.
  setCurrentEngine({ db } as SyncEngine)
  return db
}

async function renderPage(page: () => ReactNode = () => <PatientsPage />) {
  const root = createRootRoute({ component: Outlet })
  const index = createRoute({ getParentRoute: () => root, path: '/patients', component: page })
  const record = createRoute({
    getParentRoute: () => root,
    path: '/patients/record/$id',
    component: () => <p>Expediente abierto</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([index, record]),
    history: createMemoryHistory({ initialEntries: ['/patients'] }),
  })
  await renderWithI18n(<RouterProvider router={router} />)
  await screen.findByRole('table', { name: 'Pacientes' })
  return router
}

const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

async function search(text: string) {
  fireEvent.change(screen.getByPlaceholderText('Buscar...'), { target: { value: text } })
  await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50))
}

describe('the patients index', () => {
  afterEach(() => setCurrentEngine(null))

  it('lists the cached patients with their status, sync state and record link; not the deleted', async () => {
    await aDeviceWithPatients()
    await renderPage()
    await waitFor(() =>
      expect(shownNames()).toEqual([
        'Fernanda Ruiz Salas',
        'José Pérez García',
        'María Guadalupe González Martínez',
      ]),
    )
    const maria = screen.getByRole('row', { name: /María Guadalupe/ })
    expect(maria.textContent).toContain('Candidato')
    expect(maria.textContent).toContain('Por enviar')
    expect(screen.getByRole('row', { name: /Fernanda/ }).textContent).toContain('En conflicto')
    expect(screen.getByRole('link', { name: 'José Pérez García' }).getAttribute('href')).toBe(
      '/patients/record/0193a1b2-0000-7000-8000-000000000001',
    )
    expect(screen.queryByText(/primera sincronización/)).toBeNull()
  })

  it('searches by name without accents, by CURP and by payroll number', async () => {
    await aDeviceWithPatients()
    await renderPage()
    await search('jose perez')
    await waitFor(() => expect(shownNames()).toEqual(['José Pérez García']))
    await search(CURPS.guadalupe.toLowerCase())
    await waitFor(() => expect(shownNames()).toEqual(['María Guadalupe González Martínez']))
    await search('n020441')
    await waitFor(() => expect(shownNames()).toEqual(['Fernanda Ruiz Salas']))
  })

  it('filters by administrative status and by subgroup, with the choices the patients hold', async () => {
    await aDeviceWithPatients()
    await renderPage()
    const status = await screen.findByLabelText('Estatus administrativo')
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', 'Activo', 'Candidato'])
    fireEvent.change(status, { target: { value: 'active' } })
    await waitFor(() => expect(shownNames()).toEqual(['Fernanda Ruiz Salas', 'José Pérez García']))
    fireEvent.change(screen.getByLabelText('Subgrupo'), { target: { value: 'Planta 2' } })
    await waitFor(() => expect(shownNames()).toEqual(['José Pérez García']))
  })

  it('opens filtered by the filters in its address, and writes a change back there', async () => {
    await aDeviceWithPatients()
    const written: unknown[] = []
    await renderPage(() => (
      <PatientsPage search={{ subgroup: 'Planta 2' }} onSearchChange={(next) => written.push(next)} />
    ))
    await waitFor(() => expect(shownNames()).toEqual(['José Pérez García']))
    fireEvent.change(screen.getByLabelText('Estatus administrativo'), { target: { value: 'active' } })
    expect(written).toEqual([{ administrative_status: 'active', subgroup: 'Planta 2' }])
  })

  it('downloads the filtered rows as a spreadsheet', async () => {
    const XLSX = await import('xlsx')
    await aDeviceWithPatients()
    await renderPage()
    fireEvent.change(await screen.findByLabelText('Estatus administrativo'), {
      target: { value: 'candidate' },
    })
    await waitFor(() => expect(shownNames()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Descargar' }))
    await waitFor(() => expect(XLSX.writeFile).toHaveBeenCalledTimes(1))
    const [book] = vi.mocked(XLSX.writeFile).mock.calls[0] as [import('xlsx').WorkBook, string]
    const sheet = book.Sheets[book.SheetNames[0] ?? ''] as import('xlsx').WorkSheet
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      [
        'Nombre',
        'CURP',
        'Número de nómina',
        'Estatus administrativo',
        'Subgrupos',
        'Profesional asignado',
        'Estado',
      ],
      ['María Guadalupe González Martínez', CURPS.guadalupe, 'N010245', 'Candidato', '', '', 'Por enviar'],
    ])
  })

  it('opens a patient’s record from the name', async () => {
    await aDeviceWithPatients()
    const router = await renderPage()
    fireEvent.click(await screen.findByRole('link', { name: 'Fernanda Ruiz Salas' }))
    expect(await screen.findByText('Expediente abierto')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/patients/record/0193a1b2-0000-7000-8000-000000000003')
  })

  it('says the list may be incomplete until the first sync has finished', async () => {
    await aDeviceWithPatients({ pulled: false })
    await renderPage()
    expect(await screen.findByText(/primera sincronización de este dispositivo aún no termina/)).toBeTruthy()
  })
})
