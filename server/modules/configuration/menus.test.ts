import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuItem } from '../../../src/contract/rules/menus'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { rolePermissions, tenants } from '../../db/schema'

const MENUS = '/api/configuration/menus/menusavailable'
const INPUTS = '/api/configuration/inputs/inputs-disabled'
const CONFIGURATION = '/api/configuration/get-configurations-tenant'

/** key → visible, children flattened with their parent's key. */
const visibility = (menus: MenuItem[], prefix = ''): Record<string, boolean> =>
  Object.fromEntries(
    menus.flatMap((menu) => [
      [`${prefix}${menu.key}`, menu.visible],
      ...Object.entries(visibility(menu.children, `${prefix}${menu.key}/`)),
    ]),
  )

describe('menus, disabled inputs and the tenant configuration', () => {
  let t: TestApp
  let acme: TenantFixture
  const host = 'acme.localhost'

  beforeAll(async () => {
    t = await buildTestApp()
    acme = await buildTenant(t.database.db, {
      slug: 'acme',
      passwordExpiryMonths: 3,
      disabledInputs: ['patient.supervisor', 'patient.area'],
      addressStreet: 'Av. Universidad 200',
      addressCity: 'Monterrey',
      addressState: 'Nuevo León',
      addressPostalCode: '64000',
      phone: '81 1234 5678',
      employerRegistration: 'B1234567103',
    })
  })
  afterAll(() => t.close())

  const menusOf = async (permissions: string[], email: string) => {
    await buildUser(t.database.db, acme.id, { email, permissions })
    const session = await signIn(t.app, host, email)
    const res = await t.app.inject({ url: MENUS, headers: session.headers })
    expect(res.statusCode).toBe(200)
    // Serialised once per set of permissions, and sent as the JSON envelope it is.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toMatchObject({ message: '', error: false })
    const again = await t.app.inject({ url: MENUS, headers: session.headers })
    expect(again.body).toBe(res.body)
    return res.json().data as MenuItem[]
  }

  describe('the sidebar', () => {
    it('needs a signed-in user', async () => {
      const res = await t.app.inject({ url: MENUS, headers: { host } })
      expect(res.statusCode).toBe(401)
    })

    it('shows an item only with its permission and a parent only with a visible child', async () => {
      const menus = await menusOf(['dashboard-index', 'patients-index'], 'enfermera@acme.mx')
      const seen = visibility(menus)
      expect(seen).toMatchObject({
        dashboard: true,
        patients: true,
        'patients/patients-list': true,
        'patients/assignation-patient': false,
        clinical: false,
        'clinical/covid': false,
        catalogues: false,
        administration: false,
        calendar: false,
      })
      expect(Object.entries(seen).filter(([, visible]) => visible)).toHaveLength(3)
    })

    it('shows a parent through any single child, and its route on leaves only', async () => {
      const menus = await menusOf(['users-index'], 'admin@acme.mx')
      const administration = menus.find((menu) => menu.key === 'administration')
      expect(administration).toMatchObject({ visible: true, to: null })
      expect(administration?.children.find((child) => child.key === 'users')).toEqual({
        key: 'users',
        to: '/users',
        visible: true,
        children: [],
      })
      expect(administration?.children.filter((child) => child.visible)).toHaveLength(1)
      expect(menus.find((menu) => menu.key === 'dashboard')?.visible).toBe(false)
    })

    it('hides everything from a user without permissions', async () => {
      const menus = await menusOf([], 'nadie@acme.mx')
      expect(Object.values(visibility(menus)).some(Boolean)).toBe(false)
    })

    it('follows a permission granted after the session began', async () => {
      const user = await buildUser(t.database.db, acme.id, { email: 'ascenso@acme.mx' })
      const session = await signIn(t.app, host, user.email)
      const before = (await t.app.inject({ url: MENUS, headers: session.headers })).json().data
      expect(visibility(before).calendar).toBe(false)
      await withTenant(t.database.db, acme.id, (tx) =>
        tx
          .insert(rolePermissions)
          .values({ tenantId: acme.id, roleId: user.roleId, permission: 'calendar-index' }),
      )
      // A role edit forgets the tenant's cached accounts (what the roles routes do).
      t.app.accounts.forgetTenant(acme.id)
      const after = (await t.app.inject({ url: MENUS, headers: session.headers })).json().data
      expect(visibility(after).calendar).toBe(true)
    })
  })

  describe('disabled inputs', () => {
    it('answers the tenant’s list to a signed-in user, and follows a change at once', async () => {
      await buildUser(t.database.db, acme.id, { email: 'campos@acme.mx' })
      const session = await signIn(t.app, host, 'campos@acme.mx')
      const res = await t.app.inject({ url: INPUTS, headers: session.headers })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual(['patient.supervisor', 'patient.area'])
      await t.database.db.update(tenants).set({ disabledInputs: [] }).where(eq(tenants.id, acme.id))
      expect((await t.app.inject({ url: INPUTS, headers: session.headers })).json().data).toEqual([])
      expect((await t.app.inject({ url: INPUTS, headers: { host } })).statusCode).toBe(401)
    })

    it('answers each tenant its own list', async () => {
      const globex = await buildTenant(t.database.db, { slug: 'globex', disabledInputs: ['patient.curp'] })
      await buildUser(t.database.db, globex.id, { email: 'ana@globex.mx' })
      const session = await signIn(t.app, 'globex.localhost', 'ana@globex.mx')
      expect((await t.app.inject({ url: INPUTS, headers: session.headers })).json().data).toEqual([
        'patient.curp',
      ])
    })
  })

  describe('get-configurations-tenant', () => {
    it('answers only the public part before login', async () => {
      const res = await t.app.inject({ url: CONFIGURATION, headers: { host } })
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(data).toMatchObject({
        tenant: { slug: 'acme', name: acme.tradeName },
        is_landlord: false,
        sso: { has_sso_configured: false },
      })
      expect(data.settings).toBeUndefined()
    })

    it('ignores a token that is not valid here, as before login', async () => {
      const res = await t.app.inject({
        url: CONFIGURATION,
        headers: { host, authorization: 'Bearer no-es-un-token' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().data.settings).toBeUndefined()
    })

    it('adds the tenant’s settings after login', async () => {
      await buildUser(t.database.db, acme.id, { email: 'ajustes@acme.mx' })
      const session = await signIn(t.app, host, 'ajustes@acme.mx')
      const data = (await t.app.inject({ url: CONFIGURATION, headers: session.headers })).json().data
      expect(data.settings).toMatchObject({
        password_expiry_months: 3,
        business_name: `${acme.tradeName} S.A. de C.V.`,
        disabled_inputs: expect.any(Array),
        available_administrative_statuses: expect.anything(),
        // The letterhead's address and the registro patronal (IMSS) of the tenant.
        address: {
          street: 'Av. Universidad 200',
          city: 'Monterrey',
          state: 'Nuevo León',
          postal_code: '64000',
          phone: '81 1234 5678',
        },
        employer_registration: 'B1234567103',
      })
    })

    it('names the provider on the landlord host', async () => {
      const data = (await t.app.inject({ url: CONFIGURATION, headers: { host: 'admin.localhost' } })).json()
        .data
      expect(data).toMatchObject({ is_landlord: true, tenant: { slug: 'admin' } })
      expect(data.settings).toBeUndefined()
    })
  })
})
