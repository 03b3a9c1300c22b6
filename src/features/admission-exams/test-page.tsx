import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen } from '@testing-library/react'
import { vi } from 'vitest'
import type { LocalAdmissionExam, LocalDb } from '../../db/local-db'
import { setCurrentEngine } from '../../sync/current-engine'
import type { MutationContext } from '../../sync/edits'
import type { SyncEngine } from '../../sync/engine'
import { aSyncedPatient } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { AdmissionExamPage } from './AdmissionExamPage'

/** What the admission exam's page tests share: a candidate on the device, the page rendered, a field filled. */

export const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** A candidate (administrative status `candidate`) the server has sent to this device. */
export async function aCandidate(db: LocalDb, ctx: MutationContext) {
  const patient = await aSyncedPatient(db, ctx)
  const candidate = { ...patient, administrative_status: 'candidate' }
  await db.patients.put({ ...candidate, syncState: 'synced' })
  await db.shadows.put({ entity: 'patient', id: patient.id, version: patient.version, data: candidate })
  return candidate
}

/** The page inside a router of its own (its links need one), on a device engine that sends nothing. */
export async function renderAdmissionExamPage(db: LocalDb, patientId: string, examId?: string) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const created: LocalAdmissionExam[] = []
  const done: LocalAdmissionExam[] = []
  const rootRoute = createRootRoute({
    component: () => (
      <AdmissionExamPage
        patientId={patientId}
        examId={examId}
        onCreated={(exam) => created.push(exam)}
        onDone={(exam) => done.push(exam)}
      />
    ),
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  const view = await renderWithI18n(<RouterProvider router={router} />)
  return { created, done, view }
}
