import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen } from '@testing-library/react'
import { vi } from 'vitest'
import type { LocalDb, LocalEncounter } from '../../db/local-db'
import type { Language } from '../../i18n/language'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { renderWithI18n, stubApi } from '../../test/render'
import { ConsultationPage } from './ConsultationPage'

/** What the consultation screen's tests share: the doctor signed in, the page rendered, a field filled. */

export const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** The page inside a router of its own (its links need one), on a device engine that sends nothing. */
export async function renderConsultationPage(
  db: LocalDb,
  patientId: string,
  encounterId?: string,
  language: Language = 'es',
) {
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  const saved: LocalEncounter[] = []
  const rootRoute = createRootRoute({
    component: () => (
      <ConsultationPage patientId={patientId} encounterId={encounterId} onSaved={(row) => saved.push(row)} />
    ),
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  const view = await renderWithI18n(<RouterProvider router={router} />, language)
  return { saved, view }
}

/** The doctor signed in on this device with these permissions, and no network (every call fails). */
export function signInDoctor(permissions: string[]) {
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
  stubApi({})
}

/** No engine, no session, nothing left in the storage for the next test. */
export function signOutDoctor() {
  setCurrentEngine(null)
  saveSession(null)
  localStorage.clear()
}
