import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueCalls, tenantLists } from '../../../src/contract/endpoints/catalogues'
import { fullPath, pathFor } from '../../../src/contract/endpoints/define'
import type { CatalogueName } from '../../../src/contract/schemas/catalogue-definitions'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'

const ADMIN = ['affected-systems-create', 'cie-diagnostics-create', 'medical-conditions-create']

/**
 * SPEC's getAffectedSystems, diagnostics, diagnostics/affected-system/{id} and medical-conditions
 * calls answer the tenant's catalogues, active values only (issue 18, decision 0018).
 */
describe('the list calls of the tenant’s affected systems, diagnoses and medical conditions', () => {
  let t: TestApp
  let admin: Record<string, string>
  let nurse: Record<string, string>
  let globex: Record<string, string>
  let hearing: { id: string }
  let skin: { id: string }

  const send = async (headers: Record<string, string> | null, options: InjectOptions) => {
    const answer = await t.app.inject({
      ...options,
      headers: { ...(headers ?? { host: 'acme.localhost' }), ...options.headers },
    })
    return { status: answer.statusCode, body: answer.json() }
  }
  const create = async (headers: Record<string, string>, name: CatalogueName, payload: object) => {
    const created = await send(headers, {
      method: 'POST',
      url: fullPath(catalogueCalls[name].create),
      payload,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    return created.body.data as { id: string }
  }
  const names = async (headers: Record<string, string>, url: string) =>
    ((await send(headers, { method: 'GET', url })).body.data as { name: string }[]).map((entry) => entry.name)

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '100000' })
    const acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const headersOf = async (host: string, tenantId: string, permissions: string[]) =>
      (await signIn(t.app, host, (await buildUser(t.database.db, tenantId, { permissions })).email)).headers
    admin = await headersOf('acme.localhost', acmeId, ADMIN)
    nurse = await headersOf('acme.localhost', acmeId, ['patients-index'])
    globex = await headersOf('globex.localhost', globexId, ADMIN)

    hearing = await create(admin, 'affected_system', { name: 'Auditivo', code: 'auditivo' })
    skin = await create(admin, 'affected_system', { name: 'Piel', code: 'piel' })
    await create(admin, 'affected_system', { name: 'Sistema retirado', active: false })
    await create(admin, 'diagnostics', { name: 'Hipoacusia por ruido', code: 'H833', parent_id: hearing.id })
    await create(admin, 'diagnostics', {
      name: 'Otitis antigua',
      code: 'H669',
      parent_id: hearing.id,
      active: false,
    })
    await create(admin, 'diagnostics', { name: 'Dermatitis de contacto', code: 'L259', parent_id: skin.id })
    await create(admin, 'medical-conditions', { name: 'Diabetes tipo 2' })
    await create(admin, 'medical-conditions', { name: 'Condición retirada', active: false })
    const globexSystem = await create(globex, 'affected_system', { name: 'Respiratorio' })
    await create(globex, 'diagnostics', { name: 'Asma', code: 'J45', parent_id: globexSystem.id })
    await create(globex, 'medical-conditions', { name: 'Hipertensión' })
  })
  afterAll(() => t.close())

  it('answer the tenant’s active affected systems, diagnoses with their system, and medical conditions', async () => {
    expect(await names(nurse, fullPath(tenantLists.affectedSystems))).toEqual(['Auditivo', 'Piel'])
    const diagnoses = (await send(nurse, { method: 'GET', url: fullPath(tenantLists.diagnostics) })).body.data
    expect(diagnoses).toEqual([
      expect.objectContaining({
        name: 'Hipoacusia por ruido',
        code: 'H833',
        parent_id: hearing.id,
        parent_name: 'Auditivo',
      }),
      expect.objectContaining({
        name: 'Dermatitis de contacto',
        code: 'L259',
        parent_id: skin.id,
        parent_name: 'Piel',
      }),
    ])
    expect(await names(nurse, fullPath(tenantLists.medicalConditions))).toEqual(['Diabetes tipo 2'])
  })

  it('answer a system’s active diagnoses', async () => {
    const url = pathFor(tenantLists.diagnosticsOfSystem, { id: hearing.id })
    expect(await names(nurse, url)).toEqual(['Hipoacusia por ruido'])
  })

  it('keep each tenant’s values to itself: another tenant’s system is unknown (404)', async () => {
    expect(await names(globex, fullPath(tenantLists.affectedSystems))).toEqual(['Respiratorio'])
    expect(await names(globex, fullPath(tenantLists.diagnostics))).toEqual(['Asma'])
    expect(await names(globex, fullPath(tenantLists.medicalConditions))).toEqual(['Hipertensión'])
    const foreign = await send(globex, {
      method: 'GET',
      url: pathFor(tenantLists.diagnosticsOfSystem, { id: hearing.id }),
    })
    expect(foreign.status).toBe(404)
  })

  it('need a signed-in user, and a system’s id to be one (422)', async () => {
    for (const url of [
      fullPath(tenantLists.affectedSystems),
      fullPath(tenantLists.diagnostics),
      pathFor(tenantLists.diagnosticsOfSystem, { id: hearing.id }),
      fullPath(tenantLists.medicalConditions),
    ]) {
      expect((await send(null, { method: 'GET', url })).status, url).toBe(401)
    }
    const malformed = await send(nurse, {
      method: 'GET',
      url: pathFor(tenantLists.diagnosticsOfSystem, { id: 'skin' }),
    })
    expect(malformed.status).toBe(422)
    expect(Object.keys(malformed.body.errors)).toEqual(['id'])
  })
})
