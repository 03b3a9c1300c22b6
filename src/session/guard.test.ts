import { describe, expect, it } from 'vitest'
import { checkRouteAccess, homeRoute } from './guard'
import { type Session, saveSession } from './session-store'

const session = (change: Partial<Session> = {}): Session => ({
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: Date.now() + 12 * 3_600_000,
  user: {
    uuid: 'u1',
    name: 'Ana',
    last_name: 'Ruiz',
    email: 'ana@demo.localhost',
    employee_number: null,
    photo_url: null,
    role: null,
    permissions: ['dashboard-index', 'patients-index'],
    patient_id: null,
  },
  host: 'demo.localhost',
  isLandlord: false,
  routeRedirect: '/dashboard',
  passwordExpired: false,
  noticePending: false,
  menus: null,
  ...change,
})

describe('the route guard', () => {
  it('sends a visitor without a session to login', async () => {
    expect(await checkRouteAccess('patients-index', '/patients')).toEqual({ kind: 'login' })
  })

  it('lets a route through with its permission and refuses it without', async () => {
    saveSession(session())
    expect(await checkRouteAccess('patients-index', '/patients')).toEqual({ kind: 'allow' })
    expect(await checkRouteAccess('users-index', '/users')).toEqual({ kind: 'denied' })
  })

  it('puts an expired password before everything, even the lighter guard', async () => {
    saveSession(session({ passwordExpired: true }))
    expect(await checkRouteAccess('patients-index', '/patients')).toEqual({
      kind: 'redirect',
      to: '/update-password',
    })
    expect(await checkRouteAccess('authenticated', '/dashboard/home-empty')).toEqual({
      kind: 'redirect',
      to: '/update-password',
    })
  })

  it('asks for the privacy notice before a guarded screen', async () => {
    saveSession(session({ noticePending: true }))
    expect(await checkRouteAccess('dashboard-index', '/dashboard')).toEqual({
      kind: 'redirect',
      to: '/notice_privacy',
    })
  })

  it('finds the home of each kind of user', () => {
    expect(homeRoute(['dashboard-index'], null, false)).toBe('/dashboard')
    expect(homeRoute(['patient-home'], 'p1', false)).toBe('/dashboard/patient-home')
    expect(homeRoute([], null, false)).toBe('/dashboard/home-empty')
    expect(homeRoute([], null, true)).toBe('/catalog-import')
  })
})
