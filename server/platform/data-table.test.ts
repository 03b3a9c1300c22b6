import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { buildTenant } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'
import { escapeLike, pageLinks } from './data-table'

/**
 * The data-table helper (SPEC §3/§7) through a real table route, the users list: paging,
 * whitelisted sort and search, filters, escaping and the tenant's walls.
 */
describe('the server side of data tables', () => {
  let t: TestApp
  let headers: Record<string, string>
  let roleId: string

  beforeAll(async () => {
    t = await buildTestApp()
    const acme = await buildTenant(t.database.db, { slug: 'acme' })
    const globex = await buildTenant(t.database.db, { slug: 'globex' })
    const admin = await buildUser(t.database.db, acme.id, {
      email: 'admin@acme.mx',
      name: 'Zoe',
      permissions: ['users-index'],
    })
    roleId = admin.roleId
    headers = (await signIn(t.app, 'acme.localhost', admin.email)).headers
    for (let i = 1; i <= 24; i++) {
      await buildUser(t.database.db, acme.id, {
        email: `persona${String(i).padStart(2, '0')}@acme.mx`,
        name: `Persona ${String(i).padStart(2, '0')}`,
        employeeNumber: i === 7 ? 'E_100%' : `E${i}`,
      })
    }
    await buildUser(t.database.db, globex.id, { email: 'persona99@globex.mx', name: 'Persona 99' })
  })
  afterAll(() => t.close())

  const table = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/configuration/users/list?${search}`,
      headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as {
      data: Array<{ name: string; email: string }>
      from: number | null
      to: number | null
      total: number
      links: Array<{ url: string | null; label: string; active: boolean }>
    }
  }

  it('pages 10 rows by default, sorted by the tie-breaker, with from, to, total and links', async () => {
    const first = await table({})
    expect(first).toMatchObject({ from: 1, to: 10, total: 25 })
    expect(first.data).toHaveLength(10)
    const third = await table({ page: 3 })
    expect(third).toMatchObject({ from: 21, to: 25 })
    expect(third.links.find((l) => l.active)?.label).toBe('3')
    expect(third.links.at(-1)).toMatchObject({ url: null })
    // Past the last page: the last page.
    expect((await table({ page: 99 })).from).toBe(21)
  })

  it('sorts by a sortable column, either way, and ignores an unknown one', async () => {
    const ascending = await table({ sortBy: 'name', sort: 'asc', pageLength: 100 })
    const descending = await table({ sortBy: 'name', sort: 'desc', pageLength: 100 })
    expect(ascending.data.map((u) => u.name)).toEqual(descending.data.map((u) => u.name).reverse())
    expect(ascending.data[0]?.name).toBe('Persona 01')
    const unknown = await table({ sortBy: 'password_hash', sort: 'desc' })
    expect(unknown.total).toBe(25)
  })

  it('searches the searchable columns, case-insensitively, with % and _ as plain text', async () => {
    expect((await table({ search: 'PERSONA 0' })).total).toBe(9)
    expect((await table({ search: 'persona1', searchColumns: 'email' })).total).toBe(10)
    // Only whitelisted columns count: naming another searches the listed ones.
    expect((await table({ search: 'persona1', searchColumns: 'password_hash' })).total).toBe(10)
    const literal = await table({ search: '_100%' })
    expect(literal.data.map((u) => u.email)).toEqual(['persona07@acme.mx'])
    expect((await table({ search: 'nadie así' })).data).toEqual([])
  })

  it('filters by whitelisted columns only, and never shows another tenant', async () => {
    const byRole = await table({ filters: JSON.stringify({ role_id: roleId }) })
    expect(byRole.data.map((u) => u.email)).toEqual(['admin@acme.mx'])
    expect((await table({ filters: JSON.stringify({ tenant_id: 'x' }) })).total).toBe(25)
    expect((await table({ search: 'persona99' })).total).toBe(0)
  })

  it('answers 422 to a bad page size or filters', async () => {
    for (const query of ['pageLength=7', 'filters=%7Bnot-json', 'sort=sideways', 'page=0']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/configuration/users/list?${query}`,
        headers,
      })
      expect(res.statusCode, query).toBe(422)
    }
  })

  it('escapes LIKE wildcards and windows the page links', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b')
    const labels = pageLinks('/x', 10, 20).map((l) => l.label)
    expect(labels).toEqual([
      '&laquo; Previous',
      '1',
      '...',
      '8',
      '9',
      '10',
      '11',
      '12',
      '...',
      '20',
      'Next &raquo;',
    ])
  })
})
