import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogVersions } from '../../../src/contract/endpoints/catalogs'
import { inputsDisabled } from '../../../src/contract/endpoints/configuration'
import { fullPath, pathFor } from '../../../src/contract/endpoints/define'
import {
  editableInputIsEnabled,
  editableInputsGetList,
  editableInputsList,
  setEditableInput,
  showEditableInput,
} from '../../../src/contract/endpoints/editable-inputs'
import { EDITABLE_INPUT_KEYS } from '../../../src/contract/schemas/editable-inputs'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'

const ADMIN = ['editable-inputs-index', 'editable-inputs-edit']

/** Which optional inputs a tenant's forms show (issue 18, decision 0018). */
describe('editable inputs', () => {
  let t: TestApp
  let admin: Record<string, string>
  let nurse: Record<string, string>
  let globex: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '100000' })
    const acmeId = (await buildTenant(t.database.db, { slug: 'acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const headersOf = async (host: string, tenantId: string, permissions: string[]) =>
      (await signIn(t.app, host, (await buildUser(t.database.db, tenantId, { permissions })).email)).headers
    admin = await headersOf('acme.localhost', acmeId, ADMIN)
    nurse = await headersOf('acme.localhost', acmeId, ['patients-index'])
    globex = await headersOf('globex.localhost', globexId, ADMIN)
  })
  afterAll(() => t.close())

  const send = async (headers: Record<string, string> | null, options: InjectOptions) => {
    const answer = await t.app.inject({
      ...options,
      headers: { ...(headers ?? { host: 'acme.localhost' }), ...options.headers },
    })
    return { status: answer.statusCode, body: answer.json() }
  }
  const turn = (headers: Record<string, string> | null, id: string, enabled: unknown) =>
    send(headers, { method: 'POST', url: pathFor(setEditableInput, { id }), payload: { enabled } })
  const disabledFor = async (headers: Record<string, string>) =>
    (await send(headers, { method: 'GET', url: fullPath(inputsDisabled) })).body.data as string[]
  const versionOf = async (headers: Record<string, string>) =>
    (
      (await send(headers, { method: 'GET', url: fullPath(catalogVersions) })).body.data as {
        catalog: string
        version: number
      }[]
    ).find((row) => row.catalog === 'editable-fields')?.version

  it('lists every declared input, shown until the tenant switches it off', async () => {
    const { status, body } = await send(admin, { method: 'GET', url: fullPath(editableInputsList) })
    expect(status).toBe(200)
    expect(body.data.map((input: { id: string }) => input.id)).toEqual(EDITABLE_INPUT_KEYS)
    expect(body.data[0]).toEqual({
      id: 'patient.second_last_name',
      form: 'patient',
      input: 'second_last_name',
      enabled: true,
    })
  })

  it('switches an input off and on again, which every user of the tenant and its devices learn', async () => {
    const before = (await versionOf(nurse)) ?? 0
    const off = await turn(admin, 'patient.supervisor', false)
    expect(off.status).toBe(200)
    expect(off.body.data).toMatchObject({ id: 'patient.supervisor', enabled: false })
    expect(await disabledFor(nurse)).toEqual(['patient.supervisor'])
    expect(await versionOf(nurse)).toBe(before + 1)
    const offered = await send(nurse, {
      method: 'GET',
      url: `${fullPath(editableInputIsEnabled)}?input=patient.supervisor`,
    })
    expect(offered.body.data).toBe(false)
    const listed = (await send(nurse, { method: 'GET', url: fullPath(editableInputsGetList) })).body.data
    expect(listed.find((input: { id: string }) => input.id === 'patient.supervisor').enabled).toBe(false)

    const shown = await send(admin, {
      method: 'GET',
      url: pathFor(showEditableInput, { id: 'patient.supervisor' }),
    })
    expect(shown.body.data).toEqual({
      id: 'patient.supervisor',
      form: 'patient',
      input: 'supervisor',
      enabled: false,
    })
    expect((await turn(admin, 'patient.supervisor', true)).body.data.enabled).toBe(true)
    expect(await disabledFor(nurse)).toEqual([])
    expect(await versionOf(nurse)).toBe(before + 2)
  })

  it('needs a signed-in user, and the edit permission to switch', async () => {
    expect((await turn(null, 'patient.phone', false)).status).toBe(401)
    expect((await send(null, { method: 'GET', url: fullPath(editableInputsList) })).status).toBe(401)
    expect((await turn(nurse, 'patient.phone', false)).status).toBe(403)
    expect((await send(nurse, { method: 'GET', url: fullPath(editableInputsList) })).status).toBe(403)
    const show = pathFor(showEditableInput, { id: 'patient.phone' })
    expect((await send(null, { method: 'GET', url: show })).status).toBe(401)
    expect((await send(nurse, { method: 'GET', url: show })).status).toBe(403)
    expect(await disabledFor(nurse)).not.toContain('patient.phone')
  })

  it('refuses an unknown input, a required one and a state that is no boolean (422, nothing changed)', async () => {
    for (const id of ['patient.curp', 'patient.name', 'patient.area', 'covid.weight']) {
      const refused = await turn(admin, id, false)
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors)).toEqual(['id'])
    }
    const english = await send(admin, {
      method: 'POST',
      url: pathFor(setEditableInput, { id: 'patient.curp' }),
      headers: { 'accept-language': 'en' },
      payload: { enabled: false },
    })
    expect(english.body.errors.id).toEqual([
      'This input cannot be switched off: it does not exist or it is required.',
    ])
    const notABoolean = await turn(admin, 'patient.phone', 'no')
    expect(notABoolean.status).toBe(422)
    expect(Object.keys(notABoolean.body.errors)).toEqual(['enabled'])
    expect(await disabledFor(nurse)).toEqual([])
  })

  it('keeps each tenant’s switches to itself', async () => {
    await turn(globex, 'patient.nss', false)
    expect(await disabledFor(globex)).toEqual(['patient.nss'])
    expect(await disabledFor(nurse)).not.toContain('patient.nss')
    const acmeList = (await send(admin, { method: 'GET', url: fullPath(editableInputsList) })).body.data
    expect(acmeList.find((input: { id: string }) => input.id === 'patient.nss').enabled).toBe(true)
  })
})
