import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { v7 as uuidv7 } from 'uuid'
import { vi } from 'vitest'
import type { LocalDb, LocalDisability, LocalIncidentReport } from '../../db/local-db'
import { LETTERHEAD_KEY, type Letterhead } from '../../reports/tenant-letterhead'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { renderWithI18n } from '../../test/render'
import { IncidentReportFormPage } from './IncidentReportFormPage'
import { IncidentReportViewPage } from './IncidentReportViewPage'

/** What the ST-7 screens' tests share: the tenant's settings held, records on the device, the page rendered. */

export const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** The tenant's letterhead as the device keeps it after a pull, with the employer an ST-7 names. */
export async function holdEmployer(db: LocalDb) {
  const letterhead: Letterhead = {
    name: 'Manufacturas del Bajío',
    address: 'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120 · Tel. 442 215 3000',
    logo: null,
    logoUrl: null,
    employer: {
      business_name: 'Manufacturas del Bajío S.A. de C.V.',
      employer_registration: 'Y5412345104',
      address: {
        street: 'Av. 5 de Febrero 100',
        city: 'Querétaro',
        state: 'Querétaro',
        postal_code: '76120',
        phone: '442 215 3000',
      },
    },
  }
  await db.meta.put({ key: LETTERHEAD_KEY, value: letterhead })
}

/** A sprained ankle: the CIE-10 codes the first attention's search finds. */
export async function holdDiagnoses(db: LocalDb) {
  await db.diagnoses.bulkPut([
    {
      code: 'S934',
      description: 'Esguince y torcedura del tobillo',
      chapter: 'XIX',
      affected_system_code: 'musculoskeletal',
    },
    {
      code: 'S900',
      description: 'Contusion del tobillo',
      chapter: 'XIX',
      affected_system_code: 'musculoskeletal',
    },
  ])
}

const author = { id: 'doctor-3', name: 'Luis Ramírez', title: null, professional_license: null }
const stamp = '2026-03-03T16:00:00.000Z'

/** A disability of the patient the server has sent to this device. */
export async function aHeldDisability(
  db: LocalDb,
  patientId: string,
  overrides: Partial<LocalDisability> = {},
): Promise<LocalDisability> {
  const disability: LocalDisability = {
    id: uuidv7(),
    patient_id: patientId,
    cause: 'Accidente de trabajo',
    control_measures: null,
    reason: 'Esguince de tobillo derecho',
    start_date: '2026-03-03',
    end_date: '2026-03-09',
    type_id: '0193a3b0-0000-7000-8000-0000000000a1',
    type_name: 'Riesgo de trabajo',
    issuer: 'imss',
    status_id: '0193a3b0-0000-7000-8000-0000000000a2',
    status_name: 'Inicial',
    assigned_number: 'LM0590011',
    assigned_days: 7,
    comments: null,
    author,
    amendments: [],
    version: 1,
    created_at: stamp,
    updated_at: stamp,
    deleted_at: null,
    syncState: 'synced',
    ...overrides,
  }
  await db.disabilities.put(disability)
  return disability
}

/** An ST-7 of the patient the server has sent to this device. */
export async function aHeldIncidentReport(
  db: LocalDb,
  patientId: string,
  overrides: Partial<LocalIncidentReport> = {},
): Promise<LocalIncidentReport> {
  const report: LocalIncidentReport = {
    id: uuidv7(),
    patient_id: patientId,
    employer: {
      business_name: 'Manufacturas del Bajío S.A. de C.V.',
      employer_registration: 'Y5412345104',
      address: 'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120',
    },
    worker: {
      name: 'María Guadalupe González Martínez',
      nss: '12345678903',
      curp: 'GOMG850317MDFNRD07',
      occupation: 'Almacenista',
      shift: 'Matutino',
      hire_date: '2020-01-15',
    },
    accident_kind: 'at_work',
    occurred_on: '2026-03-03',
    occurred_at: '08:15',
    place: 'Almacén de producto terminado, pasillo 4',
    activity: 'Acomodaba cajas en el rack',
    description: 'Una caja cayó del segundo nivel y le golpeó el pie derecho',
    witnesses: 'Supervisor de turno',
    attended_on: '2026-03-03',
    attended_at: '08:40',
    diagnosis_code: 'S934',
    diagnosis_name: 'Esguince y torcedura del tobillo',
    injuries: 'Edema en el tobillo derecho',
    body_part: 'Tobillo derecho',
    treatment: 'Vendaje y hielo local',
    disability_id: null,
    probable_qualification: 'work_related',
    observations: null,
    author,
    amendments: [],
    version: 1,
    created_at: stamp,
    updated_at: stamp,
    deleted_at: null,
    syncState: 'synced',
    ...overrides,
  }
  await db.incidentReports.put(report)
  return report
}

async function renderInRouter(db: LocalDb, page: () => ReactNode) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const rootRoute = createRootRoute({ component: page })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  return renderWithI18n(<RouterProvider router={router} />)
}

/** The create (no report) or edit page, on a device engine that sends nothing. */
export async function renderIncidentReportForm(db: LocalDb, patientId: string, reportId?: string) {
  const saved: LocalIncidentReport[] = []
  const view = await renderInRouter(db, () => (
    <IncidentReportFormPage
      patientId={patientId}
      reportId={reportId}
      onSaved={(report) => saved.push(report)}
    />
  ))
  return { saved, view }
}

export async function renderIncidentReportView(db: LocalDb, patientId: string, reportId: string) {
  return renderInRouter(db, () => <IncidentReportViewPage patientId={patientId} reportId={reportId} />)
}
