import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataTableQuery, type DataTableRequest } from '../../src/contract/schemas/data-table'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { openTestDatabase } from '../../tests/fixtures/database'
import { insertPatient } from '../../tests/fixtures/patients'
import { buildTenant, type TenantFixture } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'
import { type Database, withTenant } from '../db/client'
import { patients } from '../db/schema'
import { escapeLike, pageLinks, paginateTable, type TableSpec } from './data-table'

/** The patients table as a screen would whitelist it: the CURP is shown nowhere, so never used. */
const PATIENTS_TABLE: TableSpec = {
  sortable: { name: patients.name, last_name: patients.lastName, payroll_number: patients.payrollNumber },
  searchable: { name: patients.name, last_name: patients.lastName, payroll_number: patients.payrollNumber },
  filterable: { administrative_status: patients.administrativeStatus },
  tieBreaker: patients.id,
}

/**
 * `paginateTable` straight over the patients table, inside a tenant transaction as a route runs
 * it: the query arrives as query-string text and is parsed by the contract first.
 */
describe('paginating a table', () => {
  let database: Database
  let acme: TenantFixture
  let globex: TenantFixture

  beforeAll(async () => {
    database = await openTestDatabase()
    acme = await buildTenant(database.db, { slug: 'acme' })
    globex = await buildTenant(database.db, { slug: 'globex' })
    for (let i = 1; i <= 23; i++) {
      const number = String(i).padStart(2, '0')
      await insertPatient(database.db, acme.id, {
        name: `Paciente ${number}`,
        // Three families, so sorting by last name needs the name as a second column.
        lastName: ['Zamora', 'Alvarez', 'Mendez'][i % 3],
        payrollNumber: i === 5 ? 'N_50%' : i === 6 ? 'N150x' : `N${1000 + i}`,
        administrativeStatus: i <= 4 ? 'inactive' : 'active',
      })
    }
    await insertPatient(database.db, globex.id, { name: 'Paciente Globex', payrollNumber: 'N_50%' })
  })
  afterAll(() => database.close())

  const page = (tenantId: string, request: Record<string, string>) =>
    withTenant(database.db, tenantId, (tx) =>
      paginateTable({
        tx,
        table: patients,
        spec: PATIENTS_TABLE,
        query: v.parse(DataTableQuery, request satisfies DataTableRequest),
        basePath: '/api/operation/patients/list',
        map: (row) => ({ name: row.name, lastName: row.lastName, payroll: row.payrollNumber }),
      }),
    )

  it('pages by the page length, with from, to, total and Laravel-style links', async () => {
    const first = await page(acme.id, {})
    expect(first).toMatchObject({ from: 1, to: 10, total: 23 })
    expect(first.links).toEqual([
      { url: null, label: '&laquo; Previous', active: false },
      { url: '/api/operation/patients/list?page=1', label: '1', active: true },
      { url: '/api/operation/patients/list?page=2', label: '2', active: false },
      { url: '/api/operation/patients/list?page=3', label: '3', active: false },
      { url: '/api/operation/patients/list?page=2', label: 'Next &raquo;', active: false },
    ])
    const last = await page(acme.id, { page: '3', pageLength: '10' })
    expect(last).toMatchObject({ from: 21, to: 23, total: 23 })
    expect(last.data).toHaveLength(3)
    expect(last.links.at(-1)).toEqual({ url: null, label: 'Next &raquo;', active: false })
    expect((await page(acme.id, { page: '40', pageLength: '20' })).from).toBe(21)
    expect(await page(acme.id, { search: 'nadie' })).toEqual({
      data: [],
      from: null,
      to: null,
      total: 0,
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: '/api/operation/patients/list?page=1', label: '1', active: true },
        { url: null, label: 'Next &raquo;', active: false },
      ],
    })
  })

  it('sorts by whitelisted columns, then sortColumns, then the tie-breaker', async () => {
    const byName = await page(acme.id, { sortBy: 'name', sort: 'desc', pageLength: '50' })
    expect(byName.data.map((p) => p.name).slice(0, 2)).toEqual(['Paciente 23', 'Paciente 22'])
    const byFamily = await page(acme.id, {
      sortBy: 'last_name',
      sortColumns: 'last_name,name',
      pageLength: '50',
    })
    expect(byFamily.data.slice(0, 3).map((p) => `${p.lastName} ${p.name}`)).toEqual([
      'Alvarez Paciente 01',
      'Alvarez Paciente 04',
      'Alvarez Paciente 07',
    ])
    // The CURP is not whitelisted: the order falls back to the tie-breaker (insertion, uuid v7).
    const insertion = (await page(acme.id, { pageLength: '50' })).data.map((p) => p.name)
    expect(
      (await page(acme.id, { sortBy: 'curp', sort: 'desc', pageLength: '50' })).data.map((p) => p.name),
    ).toEqual(insertion)
    expect(insertion[0]).toBe('Paciente 01')
  })

  it('searches only whitelisted columns, without case, with % and _ as plain text', async () => {
    expect((await page(acme.id, { search: 'PACIENTE 1' })).total).toBe(10)
    expect((await page(acme.id, { search: 'paciente 1', searchColumns: 'payroll_number' })).total).toBe(0)
    expect((await page(acme.id, { search: 'N100', searchColumns: 'payroll_number,name' })).total).toBe(7)
    const curp =
      (await withTenant(database.db, acme.id, (tx) => tx.select().from(patients).limit(1)))[0]?.curp ?? '-'
    expect((await page(acme.id, { search: curp, searchColumns: 'curp' })).total).toBe(0)
    const literal = await page(acme.id, { search: '_50%' })
    expect(literal.data.map((p) => p.payroll)).toEqual(['N_50%'])
  })

  it('filters by whitelisted columns only', async () => {
    expect(
      (await page(acme.id, { filters: JSON.stringify({ administrative_status: 'inactive' }) })).total,
    ).toBe(4)
    const curp = JSON.stringify({ curp: 'X', constructor: 'y' })
    expect((await page(acme.id, { filters: curp })).total).toBe(23)
  })

  it('never sees another tenant’s rows', async () => {
    expect((await page(acme.id, { search: 'globex' })).total).toBe(0)
    expect((await page(acme.id, { search: 'N_50%' })).total).toBe(1)
    expect(await page(globex.id, {})).toMatchObject({ total: 1, data: [{ name: 'Paciente Globex' }] })
  })
})

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
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    )
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

  it('filters by a flag written as a boolean or as text', async () => {
    expect((await table({ filters: JSON.stringify({ active: true }) })).total).toBe(25)
    expect((await table({ filters: JSON.stringify({ active: 'false' }) })).total).toBe(0)
  })

  it('answers 422 to a filter its column cannot hold, instead of the database refusing it', async () => {
    for (const filters of [{ role_id: 'x' }, { role_id: 7 }, { active: 'maybe' }, { role_id: 'a\u0000' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/configuration/users/list?filters=${encodeURIComponent(JSON.stringify(filters))}`,
        headers,
      })
      expect(res.statusCode, JSON.stringify(filters)).toBe(422)
      expect(res.json().errors, JSON.stringify(filters)).toEqual({ filters: ['Valor no permitido'] })
    }
  })

  it('answers 422 to a bad page size or filters', async () => {
    for (const query of [
      'pageLength=7',
      'filters=%7Bnot-json',
      'sort=sideways',
      'page=0',
      'page=99999999999',
    ]) {
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
