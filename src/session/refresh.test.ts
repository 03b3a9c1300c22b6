import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '../contract/schemas/session'
import { stubApi } from '../test/render'
import { onSessionEnd, takeExpiryNotice } from './end-session'
import { freshSession, refreshNow } from './refresh'
import { currentSession, type Session, saveSession } from './session-store'

const HOUR = 3_600_000
const user: SessionUser = {
  uuid: 'u1',
  name: 'Lucía',
  last_name: 'Mendoza',
  email: 'nurse@demo.localhost',
  employee_number: null,
  photo_url: null,
  role: null,
  permissions: ['dashboard-index'],
  patient_id: null,
}
const sessionExpiringIn = (ms: number): Session => ({
  accessToken: 'old-access',
  refreshToken: 'old-refresh',
  expiresAt: Date.now() + ms,
  user,
  host: 'demo.localhost',
  isLandlord: false,
  routeRedirect: '/dashboard',
  passwordExpired: false,
  noticePending: false,
  menus: null,
})
const REFRESH = '/api/authentication/refreshtoken'
const newTokens = {
  body: {
    data: { token: { accessToken: 'new-access', refreshToken: 'new-refresh', expiresIn: 43_200 } },
    message: '',
    error: false,
  },
}

describe('keeping the session fresh', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('leaves a token with more than 60 minutes left alone', async () => {
    const { requests } = stubApi({ [REFRESH]: newTokens })
    saveSession(sessionExpiringIn(2 * HOUR))
    expect((await freshSession())?.accessToken).toBe('old-access')
    expect(requests).toHaveLength(0)
  })

  it('refreshes a token with 60 minutes or fewer left, once for simultaneous callers', async () => {
    const { requests, bodyOf } = stubApi({ [REFRESH]: newTokens })
    saveSession(sessionExpiringIn(59 * 60_000))
    const [a, b, c] = await Promise.all([freshSession(), freshSession(), freshSession()])
    expect(requests).toHaveLength(1)
    expect(bodyOf(REFRESH)).toEqual({ refreshToken: 'old-refresh' })
    expect([a?.accessToken, b?.accessToken, c?.accessToken]).toEqual([
      'new-access',
      'new-access',
      'new-access',
    ])
    expect(currentSession()).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh' })
    expect(currentSession()?.expiresAt).toBeGreaterThan(Date.now() + 11 * HOUR)
  })

  it('ends the session with the expiry notice when the refresh is refused', async () => {
    stubApi({
      [REFRESH]: { status: 401, body: { data: null, error: true, message: 'Refresh token doesnt exists' } },
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    saveSession(sessionExpiringIn(10 * 60_000))
    expect(await freshSession()).toBeNull()
    stop()
    expect(currentSession()).toBeNull()
    expect(ended).toHaveBeenCalledWith('expired')
    expect(takeExpiryNotice()).toBe(true)
  })

  it('keeps the session offline: the work on the device goes on', async () => {
    stubApi({ [REFRESH]: 'network-error' })
    saveSession(sessionExpiringIn(10 * 60_000))
    expect((await freshSession())?.accessToken).toBe('old-access')
    expect(currentSession()).not.toBeNull()
  })

  it('refreshes now when the server refused the token, whatever its time left', async () => {
    const { requests } = stubApi({ [REFRESH]: newTokens })
    saveSession(sessionExpiringIn(10 * HOUR))
    expect((await refreshNow())?.accessToken).toBe('new-access')
    expect(requests).toHaveLength(1)
  })

  it('takes the token another tab already refreshed instead of refreshing again', async () => {
    const { requests } = stubApi({ [REFRESH]: newTokens })
    // Another tab holds the refresh lock for a moment.
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, work: () => Promise<unknown>) => {
          await new Promise((resolve) => setTimeout(resolve, 0))
          return work()
        },
      },
    })
    saveSession(sessionExpiringIn(10 * 60_000))
    const refreshing = freshSession()
    // Meanwhile another tab wrote a fresh session (the storage event lands in this tab).
    localStorage.setItem(
      'session',
      JSON.stringify({ ...sessionExpiringIn(12 * HOUR), accessToken: 'other-tab' }),
    )
    expect((await refreshing)?.accessToken).toBe('other-tab')
    expect(requests).toHaveLength(0)
  })
})
