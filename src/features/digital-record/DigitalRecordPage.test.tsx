import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportConnection } from '../../api/connection'
import { holdCatalogs } from '../../catalogs/test-catalogs'
import type { DigitalRecord } from '../../contract/schemas/digital-record'
import { storeDigitalRecord } from '../../db/digital-record-test-data'
import type { LocalDb } from '../../db/local-db'
import { exampleDigitalRecord, exampleRecordContext } from '../../documents/digital-record-example'
import { NO_TIMELINE_FILTER, TIMELINE_KINDS, type TimelineFilter } from '../../documents/record-timeline'
import { saveFile } from '../../reports/save-file'
import routeTreeSource from '../../routeTree.gen.ts?raw'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { aDevice } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
import { DigitalRecordPage } from './DigitalRecordPage'
import { hrefOf } from './RecordTimeline'

vi.mock('../../reports/save-file', () => ({ saveFile: vi.fn() }))
configure({ asyncUtilTimeout: 5_000 })

const DOCTOR = [
  'digital-record-index',
  'patients-index',
  'medical-consultation-edit',
  'covid-history',
  'vaccinations-register-vaccine-edit',
  'periodic-exams-view',
  'medical-exam-detail',
]

/** What the page asked its route to put in the address, in order. */
let filterChanges: TimelineFilter[] = []

/** The page with its filter kept as the route keeps it (in the address). */
function PageWithFilter({ patientId }: { patientId: string }) {
  const [filter, setFilter] = useState<TimelineFilter>(NO_TIMELINE_FILTER)
  return (
    <DigitalRecordPage
      patientId={patientId}
      filter={filter}
      onFilterChange={(next) => {
        filterChanges.push(next)
        setFilter(next)
      }}
    />
  )
}

/** Every screen the timeline's registry opens, as the app's route tree will hold them. */
const REGISTRY_SCREENS = [
  ...new Set(
    TIMELINE_KINDS.flatMap((kind) => {
      const [row] = exampleDigitalRecord(10).records[kind.kind]
      return row ? [kind.view(row).to] : []
    }),
  ),
]

/**
 * The page in a router of its own (its links need one) holding the `screens` the app has, on a
 * device engine that sends nothing.
 */
async function renderPage(db: LocalDb, patientId: string, screens: readonly string[] = REGISTRY_SCREENS) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  filterChanges = []
  const rootRoute = createRootRoute({ component: () => <PageWithFilter patientId={patientId} /> })
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      screens.map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => null })),
    ),
    history: createMemoryHistory(),
  })
  await renderWithI18n(<RouterProvider router={router} />)
  return { changes: filterChanges }
}

/** The device holds the example's catalogue names and lists, as its catalog cache would. */
async function holdNames(db: LocalDb) {
  const { names } = exampleRecordContext()
  await db.catalogueEntries.bulkPut(
    [...names.catalogue].map(([id, name], position) => ({
      id,
      catalogue: 'consultReason',
      name,
      code: null,
      active: true,
      parent_id: null,
      parent_name: null,
      position,
      items: [],
      updated_at: '2026-11-01T00:00:00.000Z',
    })),
  )
  await holdCatalogs(db, { lists: { 'covid-statuses': [{ code: 'observation', name: 'En observación' }] } })
}

const recordCall = (id: string) => `/api/ephi/patients/digital-record/${id}`
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

describe('the digital record page', () => {
  beforeEach(() => {
    signedInAs(DOCTOR, { uuid: 'doctor-3' })
    // A call an earlier test left unanswered may have found the network gone.
    reportConnection('online')
  })
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
    vi.mocked(saveFile).mockReset()
  })

  it('opens from the device: who the patient is and their alerts, the latest vital signs, the timeline and the sections; the server’s read is the audit', async () => {
    const { db } = aDevice()
    const record = exampleDigitalRecord(12)
    await storeDigitalRecord(db, record)
    await holdNames(db)
    const api = stubApi({
      [recordCall(record.patient.id)]: { body: { data: record, message: '', error: false } },
    })
    await renderPage(db, record.patient.id)

    const banner = (
      await screen.findByRole('heading', {
        level: 1,
        name: 'Expediente digital de María Guadalupe Hernández Núñez',
      })
    ).closest('header') as HTMLElement
    expect(within(banner).getByText(/Alergias:/).parentElement?.textContent).toContain('Penicilina')
    expect(within(banner).getByText(/Alertas:/).parentElement?.textContent).toContain('Usa lentes de armazón')
    expect(within(banner).getByText('HENG850312MGTRXD04')).toBeTruthy()

    const vitals = screen.getByRole('region', { name: 'Últimos signos vitales' })
    // Printed in the device's own zone.
    expect(within(vitals).getByText('Temperatura').nextElementSibling?.textContent).toMatch(
      /^37\.4 °C2026\/11\/19 \d\d:10 · Triage COVID$/,
    )
    const table = await screen.findByRole('table', { name: 'Historial clínico' })
    // SPEC §9: ten to a page at first.
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10))
    expect(screen.getByText('Mostrando 1 a 10 de 12 registros')).toBeTruthy()
    expect(rowsOf(table)[0]?.textContent).toMatch(/2026\/11\/19 \d\d:10/)
    expect(rowsOf(table)[0]?.textContent).toContain('En observación · Riesgo bajo-medio')

    const sections = screen.getByRole('region', { name: 'Secciones del expediente' })
    expect(within(sections).getByText('Apendicectomía · 2004')).toBeTruthy()
    expect(within(sections).getByRole('link', { name: 'Editar en el expediente' }).getAttribute('href')).toBe(
      `/patients/record/${record.patient.id}`,
    )
    expect(api.requests.map((request) => new URL(request.url).pathname)).toContain(
      recordCall(record.patient.id),
    )
    // Online, that read is the audit entry: nothing is queued for it.
    expect((await db.outbox.toArray()).filter((entry) => entry.entity === 'recordOpening')).toEqual([])
  })

  it('queues one note of an opening made offline, for the server’s audit log (decision 0038)', async () => {
    const { db } = aDevice()
    const record = exampleDigitalRecord(12)
    await storeDigitalRecord(db, record)
    await holdNames(db)
    reportConnection('offline')
    const api = stubApi({})
    const { changes } = await renderPage(db, record.patient.id)
    const table = await screen.findByRole('table', { name: 'Historial clínico' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10))
    const notes = async () => (await db.outbox.toArray()).filter((entry) => entry.entity === 'recordOpening')
    await waitFor(async () => expect(await notes()).toHaveLength(1))
    const [note] = await notes()
    expect(note).toMatchObject({
      kind: 'recordOpening.create',
      method: 'POST',
      path: `/api/ephi/patients/digital-record/${record.patient.id}/offline-openings`,
      body: { opened_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    })
    expect(await db.recordOpenings.get(note?.entityId as string)).toMatchObject({
      patient_id: record.patient.id,
      screen: 'digital-record',
      syncState: 'pending',
    })
    // Reading on (a filter, a render) is the same opening; the server was never asked.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Triage COVID (2)' }))
    await waitFor(() => expect(changes.length).toBeGreaterThan(0))
    expect(await notes()).toHaveLength(1)
    expect(api.requests).toHaveLength(0)
  })

  it('filters the timeline by kind and by period, and puts the filter in the page’s hands (its address)', async () => {
    const { db } = aDevice()
    const record = exampleDigitalRecord(20)
    await storeDigitalRecord(db, record)
    await holdNames(db)
    stubApi({})
    const { changes } = await renderPage(db, record.patient.id)
    const table = await screen.findByRole('table', { name: 'Historial clínico' })
    await waitFor(() => expect(screen.getByText('Mostrando 1 a 10 de 20 registros')).toBeTruthy())

    fireEvent.click(screen.getByRole('checkbox', { name: 'Triage COVID (2)' }))
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2))
    expect(rowsOf(table).every((row) => row.textContent?.includes('Triage COVID'))).toBe(true)
    expect(changes.at(-1)).toEqual({ kinds: ['triage'], from: null, to: null })

    fireEvent.click(screen.getByRole('checkbox', { name: 'Triage COVID (2)' }))
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026/11/07' } })
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026/11/15' } })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3))
    expect(changes.at(-1)).toEqual({ kinds: [], from: '2026-11-07', to: '2026-11-15' })

    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }))
    await waitFor(() => expect(screen.getByText('Mostrando 1 a 10 de 20 registros')).toBeTruthy())
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('')
  })

  it('opens each entry on its own screen, for who may go there', async () => {
    const { db } = aDevice()
    const record = exampleDigitalRecord(6)
    await storeDigitalRecord(db, record)
    await holdNames(db)
    stubApi({})
    signedInAs(['digital-record-index', 'covid-history'])
    await renderPage(db, record.patient.id)
    const table = await screen.findByRole('table', { name: 'Historial clínico' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(6))
    const links = within(table).getAllByRole('link', { name: /^Ver/ })
    // Only the triage: this user may not open the other records' screens.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/covid/history/${record.patient.id}`])
  })

  it('links every kind to a screen of SPEC §2 the app has, two reports’ once their screens are in', () => {
    const record = exampleDigitalRecord(10)
    // The disability's and the ST-7's screens are built on their own (issue 23); until the app holds
    // one, its entries offer the report's PDF instead (the test below).
    const reports = ['disability', 'incident-report']
    for (const kind of TIMELINE_KINDS) {
      const [row] = record.records[kind.kind]
      expect(row, kind.kind).toBeTruthy()
      const view = kind.view(row as Record<string, unknown>)
      // The generated route tree names every screen by its full path.
      if (!reports.includes(kind.kind)) expect(routeTreeSource, kind.kind).toContain(`fullPath: '${view.to}'`)
      expect(hrefOf(view), kind.kind).toMatch(/^\/[a-z0-9/-]+$/)
    }
  })

  it('offers a report’s own PDF, built on the device, while the app has no screen for it', async () => {
    const { db } = aDevice()
    const record = exampleDigitalRecord(10)
    await storeDigitalRecord(db, record)
    await holdNames(db)
    stubApi({})
    signedInAs([...DOCTOR, 'record-disabilities-view', 'certificate-health-status-view'])
    await renderPage(
      db,
      record.patient.id,
      REGISTRY_SCREENS.filter((path) => !path.includes('record-disabilities')),
    )
    const table = await screen.findByRole('table', { name: 'Historial clínico' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10))
    const disability = rowsOf(table).find((row) => row.textContent?.includes('Incapacidad')) as HTMLElement
    expect(within(disability).queryByRole('link')).toBeNull()
    fireEvent.click(within(disability).getByRole('button', { name: /^PDF/ }))
    await waitFor(() => expect(saveFile).toHaveBeenCalled())
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toMatch(/^incapacidad_26_10_2026\.pdf$/)
    // The certificate's screen is there: it opens it.
    const certificate = rowsOf(table).find((row) =>
      row.textContent?.includes('Certificado de salud'),
    ) as HTMLElement
    expect(within(certificate).getByRole('link', { name: /^Ver/ })).toBeTruthy()
  })

  it('builds the whole record’s PDF on the device', async () => {
    const { db } = aDevice()
    const record = exampleDigitalRecord(8)
    await storeDigitalRecord(db, record)
    await holdNames(db)
    stubApi({})
    await renderPage(db, record.patient.id)
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar PDF' }))
    await waitFor(() => expect(saveFile).toHaveBeenCalled())
    const [bytes, fileName, type] = vi.mocked(saveFile).mock.calls[0] as [Uint8Array, string, string]
    expect(fileName).toBe('expediente_clinico_19_11_2026.pdf')
    expect(type).toBe('application/pdf')
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
  })

  it('shows a patient the device does not hold from the server’s answer, online', async () => {
    const { db } = aDevice()
    const record: DigitalRecord = exampleDigitalRecord(4)
    stubApi({ [recordCall(record.patient.id)]: { body: { data: record, message: '', error: false } } })
    await renderPage(db, record.patient.id)
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Expediente digital de María Guadalupe/ }),
    ).toBeTruthy()
    expect(screen.getByText(/se muestra lo que envió el servidor/)).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Historial clínico' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(4))
  })

  it('says so when the patient is not on the device and there is no network', async () => {
    const { db } = aDevice()
    reportConnection('offline')
    stubApi({})
    await renderPage(db, exampleDigitalRecord(1).patient.id)
    expect(await screen.findByText(/Este paciente no está en este dispositivo/)).toBeTruthy()
  })
})
