import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  useNavigate,
} from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as XLSX from 'xlsx'
import { holdCatalogs, SUBGROUPS } from '../../catalogs/test-catalogs'
import type { LocalDb, LocalDisability, LocalPatient } from '../../db/local-db'
import { disabilityRows, disabilitySheet } from '../../documents/disability-rows'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { DISABILITY } from '../../sync/medical-report-kinds'
import { createReport } from '../../sync/medical-report-mutators'
import {
  aDisability,
  cacheDisabilityCatalogues,
  GENERAL_ILLNESS,
  INITIAL,
  SUBSEQUENT,
  WORK_RISK,
} from '../../sync/medical-report-test-data'
import { createPatient } from '../../sync/mutators'
import { aDevice, aPatient, aSyncedPatient, CURPS, pendingEntries } from '../../sync/test-fixtures'
import { withCloneableBlobs } from '../../test/node-blob'
import { renderWithI18n, stubApi } from '../../test/render'
import { DisabilitiesIndexPage } from './DisabilitiesIndexPage'
import { DisabilityDetailPage } from './DisabilityDetailPage'
import { DisabilityFormPage } from './DisabilityFormPage'
import { DisabilityViewPage } from './DisabilityViewPage'
import { disabilitiesIndexSearch } from './disabilities-index-search'
import { disabilityIndexInputs, disabilityNames } from './disability-index'
import { PatientDisabilitiesPage } from './PatientDisabilitiesPage'

configure({ asyncUtilTimeout: 5_000 })

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3])

// happy-dom draws nothing: the pad's strokes become this PNG (signature-image.ts is tested with
// a recording context in SignaturePad.test.tsx).
vi.mock('../../ui/signature-image', async (original) => ({
  ...(await original<typeof import('../../ui/signature-image')>()),
  signaturePng: vi.fn(async () => new Blob([PNG], { type: 'image/png' })),
}))

// The spreadsheet is saved as a download: kept here to be read back.
const saved = vi.hoisted(() => [] as Array<{ bytes: Uint8Array; name: string }>)
vi.mock('../../reports/save-file', () => ({
  saveFile: (bytes: Uint8Array, name: string) => void saved.push({ bytes, name }),
}))

withCloneableBlobs()

/** The morning shift of the shared test subgroups (`Turno: Matutino`). */
const MORNING = SUBGROUPS[0]?.items[0]?.id as string

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const typedIn = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

async function render(db: LocalDb, screenOf: () => ReactNode) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: screenOf })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

const STAFF = [
  'record-disabilities-index',
  'record-disabilities-create',
  'record-disabilities-edit',
  'record-disabilities-view',
  'record-disabilities-detail',
  'disability.delete',
  'disability.export',
]

function signIn(permissions: string[], patientId: string | null = null) {
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
      patient_id: patientId,
    },
    host: 'demo.localhost',
    isLandlord: false,
    routeRedirect: '/patients',
    passwordExpired: false,
    noticePending: false,
    menus: null,
  })
}

/** A disability as the feed brings it: the server's, acknowledged, with its history. */
function aSyncedDisability(patientId: string, over: Partial<LocalDisability> = {}): LocalDisability {
  return {
    id: crypto.randomUUID(),
    patient_id: patientId,
    cause: 'Esguince de tobillo derecho grado II',
    control_measures: 'Vendaje y reposo',
    reason: 'Caída en escalera del almacén',
    start_date: '2026-11-02',
    end_date: '2026-11-15',
    type_id: WORK_RISK,
    type_name: 'Riesgo de trabajo',
    issuer: 'imss',
    status_id: INITIAL,
    status_name: 'Inicial',
    assigned_number: 'LK123456',
    assigned_days: 14,
    comments: null,
    author: { id: 'doctor-3', name: 'Leticia Campos', title: 'Dra.', professional_license: '8123456' },
    amendments: [],
    version: 1,
    created_at: '2026-11-02T16:00:00.000Z',
    updated_at: '2026-11-02T16:00:00.000Z',
    deleted_at: null,
    syncState: 'synced',
    ...over,
  }
}

describe('the disability screens', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn(STAFF)
    stubApi({})
    saved.length = 0
  })
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.restoreAllMocks()
  })

  it('records a disability offline: the days from the dates, the rule’s messages on their fields, a drawn signature and an attachment', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    await cacheDisabilityCatalogues(db)
    const done = vi.fn()
    await render(db, () => <DisabilityFormPage patientId={patient.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Nueva incapacidad' })
    fill('Causa', 'Esguince de tobillo derecho grado II')
    fill('Motivo', 'Caída en escalera del almacén')
    fill('Modalidad', WORK_RISK)
    fill('Estatus', INITIAL)
    fill('Expedida por', 'imss')
    fill('Folio IMSS', 'lk-123456')

    // Both days count: the 2nd to the 15th are 14 days.
    fill('Fecha de inicio', '2026/11/02')
    fill('Fecha de término', '2026/11/15')
    expect(typedIn('Días asignados')).toBe('14')

    // An end before the start: said on the end date, as the server says it.
    fill('Fecha de término', '2026/10/30')
    const end = screen.getByLabelText('Fecha de término')
    expect(end.getAttribute('aria-invalid')).toBe('true')
    expect(within(form).getByText('La fecha de término no puede ser anterior a la de inicio.')).toBeTruthy()
    expect(typedIn('Días asignados')).toBe('')
    fill('Fecha de término', '2026/11/15')
    expect(within(form).queryByText('La fecha de término no puede ser anterior a la de inicio.')).toBeNull()

    // Days typed against the dates: said on the days, and nothing is saved.
    fill('Días asignados', '10')
    expect(
      within(form).getByText('Los días asignados no coinciden con las fechas de inicio y término.'),
    ).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar incapacidad' }))
    expect(await within(form).findByText('Revisa los campos marcados.')).toBeTruthy()
    expect(await db.disabilities.count()).toBe(0)
    fireEvent.click(within(form).getByRole('button', { name: 'Usar los días de las fechas' }))
    expect(typedIn('Días asignados')).toBe('14')

    // A signature drawn with a finger.
    const pad = within(form).getByRole('img', { name: 'Firma del médico (en blanco)' })
    vi.spyOn(pad, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      width: 600,
      height: 200,
    } as DOMRect)
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'touch', clientX: 60, clientY: 150 })
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'touch', clientX: 300, clientY: 60 })
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'touch', clientX: 540, clientY: 140 })
    expect(within(form).getByRole('img', { name: 'Firma del médico (trazada)' })).toBeTruthy()

    // The IMSS certificate photographed or picked: kept with the disability.
    const certificate = new File([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], 'st2-imss.pdf', {
      type: 'application/pdf',
    })
    fireEvent.change(within(form).getByLabelText('Elegir archivos'), { target: { files: [certificate] } })
    expect(await within(form).findByText('st2-imss.pdf')).toBeTruthy()

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar incapacidad' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const entries = await pendingEntries(db)
    expect(entries.map((entry) => entry.kind)).toEqual([
      'disability.create',
      'attachment.create',
      'attachment.create',
    ])
    expect(entries[0]?.body).toMatchObject({
      patient_id: patient.id,
      start_date: '2026-11-02',
      end_date: '2026-11-15',
      assigned_days: 14,
      assigned_number: 'LK-123456',
      issuer: 'imss',
      type_id: WORK_RISK,
      status_id: INITIAL,
      control_measures: null,
    })
    const files = await db.files.toArray()
    expect(files.map((file) => [file.owner_kind, file.media_type]).sort()).toEqual([
      ['disability', 'application/pdf'],
      ['disability-signature', 'image/png'],
    ])
    expect((await db.disabilities.toArray())[0]).toMatchObject({ type_name: 'Riesgo de trabajo' })
  })

  it('amends a disability: the days follow a corrected end date, only the changes are sent, its history is shown', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    await cacheDisabilityCatalogues(db)
    const held = aSyncedDisability(patient.id, {
      amendments: [
        {
          id: 'a1',
          version: 2,
          amended_at: '2026-11-03T15:00:00.000Z',
          amended_by: { id: 'doctor-3', name: 'Leticia Campos' },
          changes: { status_id: { before: SUBSEQUENT, after: INITIAL } },
        },
      ],
    })
    await db.disabilities.put(held)
    const done = vi.fn()
    await render(db, () => <DisabilityFormPage patientId={patient.id} disabilityId={held.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Corregir incapacidad' })
    expect(screen.getByText(/Estatus: Subsecuente → Inicial/)).toBeTruthy()
    fill('Fecha de término', '2026/11/16')
    expect(typedIn('Días asignados')).toBe('15')
    fill('Expedida por', 'company')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    const [update] = await pendingEntries(db)
    expect(update).toMatchObject({
      kind: 'disability.update',
      body: { end_date: '2026-11-16', assigned_days: 15, issuer: 'company' },
      baseVersion: 1,
    })
  })

  it('signs a disability again without amending a field: the new signature takes the old one’s place', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    await cacheDisabilityCatalogues(db)
    const held = aSyncedDisability(patient.id)
    await db.disabilities.put(held)
    await db.files.put({
      id: crypto.randomUUID(),
      owner_kind: 'disability-signature',
      owner_id: held.id,
      patient_id: patient.id,
      name: 'firma.png',
      media_type: 'image/png',
      size: PNG.length,
      sha256: '0'.repeat(64),
      version: 1,
      created_at: '2026-11-02T16:00:00.000Z',
      deleted_at: null,
      syncState: 'synced',
      blob: new Blob([PNG], { type: 'image/png' }),
    })
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:signature')
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined)
    const done = vi.fn()
    await render(db, () => <DisabilityFormPage patientId={patient.id} disabilityId={held.id} onDone={done} />)
    const form = await screen.findByRole('form', { name: 'Corregir incapacidad' })
    expect(await within(form).findByRole('img', { name: 'Firma registrada' })).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: 'Firmar de nuevo' }))
    const pad = within(form).getByRole('img', { name: 'Firma del médico (en blanco)' })
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'pen', clientX: 10, clientY: 10 })
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'pen', clientX: 10, clientY: 10 })
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual([
      'attachment.delete',
      'attachment.create',
    ])
    const signatures = (
      await db.files.where('[owner_kind+owner_id]').equals(['disability-signature', held.id]).toArray()
    ).filter((file) => !file.deleted_at)
    expect(signatures).toHaveLength(1)
    expect(signatures[0]?.syncState).toBe('pending')
  })

  it('shows a disability read only with its PDF, and deletes it softly after asking', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    const held = aSyncedDisability(patient.id)
    await db.disabilities.put(held)
    const deleted = vi.fn()
    await render(db, () => (
      <DisabilityViewPage patientId={patient.id} disabilityId={held.id} onDeleted={deleted} />
    ))
    expect(await screen.findByText('Riesgo de trabajo')).toBeTruthy()
    expect(screen.getByText('2026/11/15')).toBeTruthy()
    expect(screen.getByText('LK123456')).toBeTruthy()
    expect(screen.getByText('Sin firma registrada.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Corregir' }).getAttribute('href')).toBe(
      `/digital-record/medical-reports/record-disabilities/edit/${patient.id}/${held.id}`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('¿Eliminar la incapacidad del 2026/11/02 al 2026/11/15?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(deleted).toHaveBeenCalled())
    expect((await db.disabilities.get(held.id))?.deleted_at).toBeTruthy()
    expect((await pendingEntries(db)).map((entry) => entry.kind)).toEqual(['disability.delete'])
  })

  it('offers a reader neither the amendment nor the delete', async () => {
    signIn(['record-disabilities-view'])
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    const held = aSyncedDisability(patient.id)
    await db.disabilities.put(held)
    await render(db, () => (
      <DisabilityViewPage patientId={patient.id} disabilityId={held.id} onDeleted={vi.fn()} />
    ))
    expect(await screen.findByText('Riesgo de trabajo')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Corregir' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull()
  })

  it('lists a patient’s disabilities with the days lost, overlaps counted once', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    await db.disabilities.bulkPut([
      aSyncedDisability(patient.id),
      // Overlaps the first by two days (the 14th and 15th): 4 more days lost, not 6.
      aSyncedDisability(patient.id, { start_date: '2026-11-14', end_date: '2026-11-19', assigned_days: 6 }),
      aSyncedDisability(patient.id, { start_date: '2025-12-30', end_date: '2026-01-02', assigned_days: 4 }),
      aSyncedDisability(patient.id, {
        start_date: '2026-03-01',
        end_date: '2026-03-02',
        deleted_at: '2026-03-03',
      }),
    ])
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-18T12:00:00') })
    try {
      await render(db, () => <DisabilityDetailPage patientId={patient.id} />)
      const figures = await screen.findByRole('list', { name: 'Días perdidos' })
      expect(figures.textContent).toContain('Días perdidos en 2026 20')
      expect(figures.textContent).toContain('Días perdidos en total 22')
      expect(figures.textContent).toContain('Incapacidades 3')
      expect(figures.textContent).toContain('Incapacidad vigente hasta 2026/11/19')
      const table = screen.getByRole('table', { name: 'Incapacidades del paciente' })
      expect(within(table).getAllByRole('link', { name: /^Ver/ })).toHaveLength(3)
      expect(screen.getByRole('link', { name: 'Nueva incapacidad' }).getAttribute('href')).toBe(
        `/digital-record/medical-reports/record-disabilities/create/${patient.id}`,
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('indexes every cached patient’s disabilities under the filters, draws the lost days and exports the server’s spreadsheet', async () => {
    const { db, ctx } = aDevice()
    const guadalupe = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    const juan = await createPatient(
      db,
      ctx,
      aPatient({
        name: 'Juan',
        last_name: 'Pérez',
        second_last_name: 'García',
        curp: CURPS.juan,
        payroll_number: 'N020117',
      }),
    )
    await cacheDisabilityCatalogues(db)
    await db.disabilities.bulkPut([
      aSyncedDisability(guadalupe.id, { start_date: '2026-10-30', end_date: '2026-11-02', assigned_days: 4 }),
      aSyncedDisability(juan.id, {
        start_date: '2026-11-10',
        end_date: '2026-11-12',
        assigned_days: 3,
        type_id: GENERAL_ILLNESS,
        type_name: 'Enfermedad general',
        issuer: 'company',
        assigned_number: null,
      }),
    ])
    await createReport(
      db,
      ctx,
      DISABILITY,
      aDisability(juan.id, { start_date: '2026-09-01', end_date: '2026-09-01', assigned_days: 1 }),
    )
    await render(db, () => <DisabilitiesIndexPage />)
    const table = await screen.findByRole('table', { name: 'Incapacidades' })
    const shownRows = () => within(table).queryAllByRole('link', { name: /^Ver / })
    expect(shownRows()).toHaveLength(3)
    const summary = screen.getByRole('list', { name: 'Resumen' })
    expect(summary.textContent).toContain('Incapacidades 3')
    expect(summary.textContent).toContain('Pacientes 2')
    expect(summary.textContent).toContain('Días perdidos 8')

    // The graph's figures (its text alternative): by modality and month, a disability crossing months split.
    const graph = screen.getByRole('table', { name: 'Días perdidos por tipo y mes' })
    const cells = within(graph)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(cells).toEqual(['MesEnfermedad generalRiesgo de trabajo', '2026/0901', '2026/1002', '2026/1132'])

    fill('Expedida por', 'imss')
    await waitFor(() => expect(shownRows()).toHaveLength(2))
    fill('Desde', '2026/10/01')
    fill('Hasta', '2026/10/31')
    await waitFor(() => expect(shownRows()).toHaveLength(1))
    expect(within(table).getAllByText('María Guadalupe González Martínez').length).toBeGreaterThan(0)
    expect(screen.getByRole('list', { name: 'Resumen' }).textContent).toContain('Días perdidos 2')

    // A period ending before it starts filters nothing and says so.
    fill('Hasta', '2026/09/30')
    expect(await screen.findByText('La fecha final no puede ser anterior a la inicial.')).toBeTruthy()
    fill('Hasta', '')
    fill('Desde', '')

    // The spreadsheet: the rows and cells the server's download lays out for the same filters.
    fireEvent.click(screen.getByRole('button', { name: 'Descargar' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.name).toMatch(/^incapacidades_\d{2}_\d{2}_\d{4}\.xlsx$/)
    const book = XLSX.read(saved[0]?.bytes)
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Incapacidades as XLSX.WorkSheet, {
      header: 1,
      defval: null,
    })
    const inputs = await disabilityIndexInputs(db)
    const names = disabilityNames(
      inputs.disabilities,
      await db.catalogueEntries.where('catalogue').equals('incapacityType').toArray(),
      await db.catalogueEntries.where('catalogue').equals('incapacityStatus').toArray(),
    )
    const expected = disabilitySheet(
      disabilityRows(inputs.disabilities, inputs.patients, names, { issuer: 'imss' }),
      'es',
    )
    expect(sheet).toEqual([expected.header, ...expected.cells])
    expect(sheet).toHaveLength(3)
  })

  it('reads the index’s filters from the address, as the dashboard’s lost days open it, and writes them back', async () => {
    const { db, ctx } = aDevice()
    const guadalupe = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    const juan = await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    await db.patients.update(juan.id, { subgroups: [MORNING] })
    await cacheDisabilityCatalogues(db)
    await holdCatalogs(db, { catalogues: SUBGROUPS })
    await db.disabilities.bulkPut([
      aSyncedDisability(guadalupe.id, { start_date: '2026-10-30', end_date: '2026-11-02', assigned_days: 4 }),
      aSyncedDisability(juan.id, {
        start_date: '2026-11-10',
        end_date: '2026-11-12',
        assigned_days: 3,
        type_id: GENERAL_ILLNESS,
        type_name: 'Enfermedad general',
      }),
    ])
    const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
    setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
    const rootRoute = createRootRoute({
      validateSearch: disabilitiesIndexSearch,
      component: function Routed() {
        const navigate = useNavigate()
        return (
          <DisabilitiesIndexPage
            filters={rootRoute.useSearch()}
            onFiltersChange={(search) => void navigate({ to: '/', search, replace: true })}
          />
        )
      },
    })
    const history = createMemoryHistory({
      initialEntries: [`/?from=2026-11-01&to=2026-11-30&type=${WORK_RISK}`],
    })
    const router = createRouter({ routeTree: rootRoute, history })
    await renderWithI18n(<RouterProvider router={router} />)

    // November's work-risk days: Guadalupe's 1st and 2nd, as the dashboard counts them.
    const summary = await screen.findByRole('list', { name: 'Resumen' })
    await waitFor(() => expect(summary.textContent).toContain('Días perdidos 2'))
    expect(summary.textContent).toContain('Incapacidades 1')
    expect(summary.textContent).toContain('Pacientes 1')
    expect(typedIn('Desde')).toBe('2026/11/01')
    expect(typedIn('Hasta')).toBe('2026/11/30')
    expect(typedIn('Modalidad')).toBe(WORK_RISK)

    // Every modality, then the subgroup: only Juan's days are left.
    fill('Modalidad', '')
    await waitFor(() => expect(summary.textContent).toContain('Días perdidos 5'))
    expect(router.state.location.search).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    // The subgroup field comes once the tenant's subgroups are read (a live query of its own).
    await screen.findByLabelText('Subgrupo')
    fill('Subgrupo', MORNING)
    await waitFor(() => expect(summary.textContent).toContain('Días perdidos 3'))
    expect(summary.textContent).toContain('Pacientes 1')
    expect(router.state.location.search).toEqual({ from: '2026-11-01', to: '2026-11-30', subgroup: MORNING })
    // A day half typed stays in its field and out of the address.
    fill('Hasta', '2026/11')
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ from: '2026-11-01', subgroup: MORNING }),
    )
    expect(typedIn('Hasta')).toBe('2026/11')

    // The menu's link to the bare list: every filter goes, on the fields too.
    await router.navigate({ to: '/', search: {} })
    await waitFor(() => expect(summary.textContent).toContain('Incapacidades 2'))
    expect(typedIn('Desde')).toBe('')
    expect(typedIn('Hasta')).toBe('')
    expect(typedIn('Subgrupo')).toBe('')
  })

  it('shows the patient their own disabilities, read only, with the days lost and each one’s PDF', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    signIn(['patient-incapacities'], patient.id)
    await db.disabilities.bulkPut([
      aSyncedDisability(patient.id),
      aSyncedDisability(patient.id, {
        start_date: '2026-06-01',
        end_date: '2026-06-03',
        assigned_days: 3,
        issuer: 'private',
        assigned_number: null,
      }),
    ])
    await render(db, () => <PatientDisabilitiesPage />)
    const latest = await screen.findByRole('article', { name: 'Del 2026/11/02 al 2026/11/15' })
    expect(within(latest).getByRole('button', { name: 'Descargar PDF' })).toBeTruthy()
    expect(within(latest).getByText('Riesgo de trabajo')).toBeTruthy()
    const earlier = screen.getByRole('article', { name: 'Del 2026/06/01 al 2026/06/03' })
    expect(within(earlier).getByText('Médico particular')).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Días perdidos' }).textContent).toContain(
      'Días perdidos en total 17',
    )
    expect(screen.queryByRole('link', { name: /Corregir/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Eliminar|Elegir archivos/ })).toBeNull()
  })

  it('tells a patient account without a record so', async () => {
    const { db } = aDevice()
    signIn(['patient-incapacities'], null)
    await render(db, () => <PatientDisabilitiesPage />)
    expect(await screen.findByText('Tu cuenta no está vinculada a un expediente de paciente.')).toBeTruthy()
  })
})
