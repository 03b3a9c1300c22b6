import { renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '../../contract/schemas/session'
import { type Session, saveSession } from '../../session/session-store'
import { currentEngine } from '../../sync/current-engine'
import { renderWithI18n, stubApi } from '../../test/render'
import { SyncStatus } from './SyncStatus'
import { useEngineLifecycle } from './use-engine-lifecycle'
import { useMenus } from './use-menus'

const user: SessionUser = {
  uuid: 'root-1',
  name: 'Raíz',
  last_name: 'Proveedor',
  email: 'root@admin.localhost',
  employee_number: null,
  photo_url: null,
  role: null,
  permissions: ['dashboard-index'],
  patient_id: null,
}
const sessionOn = (host: string, isLandlord: boolean): Session => ({
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresAt: Date.now() + 12 * 3_600_000,
  user: { ...user, uuid: `${host}-user` },
  host,
  isLandlord,
  routeRedirect: '/dashboard',
  passwordExpired: false,
  noticePending: false,
  menus: null,
})
const ok = (data: unknown) => ({ body: { data, message: '', error: false } })
const MENUS = '/api/configuration/menus/menusavailable'
const USER = '/api/configuration/users/refresh-data/user-in-sesion'

/** The shell's start on a host: the sync engine's lifecycle and the sidebar's refresh. */
const startShell = () =>
  renderHook(() => {
    useEngineLifecycle()
    useMenus()
  })

describe('the signed-in shell on the landlord host (issue 17)', () => {
  afterEach(() => {
    saveSession(null)
    vi.unstubAllGlobals()
  })

  it('starts no tenant sync there: no change feed, no user refresh, only the sidebar', async () => {
    saveSession(sessionOn('admin.localhost', true))
    const api = stubApi({ [MENUS]: ok([]) })
    const shell = startShell()
    await waitFor(() => expect(api.requests.map((r) => new URL(r.url).pathname)).toContain(MENUS))
    // The engine would start after the first paint: wait past it.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))
    expect(currentEngine()).toBeNull()
    const paths = api.requests.map((r) => new URL(r.url).pathname)
    expect(paths.filter((path) => path.startsWith('/api/sync/') || path === USER)).toEqual([])
    shell.unmount()
  })

  it('starts the sync and the user refresh on a tenant host', async () => {
    saveSession(sessionOn('demo.localhost', false))
    const api = stubApi({ [MENUS]: ok([]), [USER]: ok(user) })
    const shell = startShell()
    await waitFor(() => expect(currentEngine()).not.toBeNull())
    await waitFor(() => expect(api.requests.map((r) => new URL(r.url).pathname)).toContain(USER))
    shell.unmount()
  })

  it('shows the connection without a way to the sync screen', async () => {
    saveSession(sessionOn('admin.localhost', true))
    await renderWithI18n(<SyncStatus pull={{ status: 'idle' }} landlord />)
    expect(screen.getByText('En línea')).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
  })
})
