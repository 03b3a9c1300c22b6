import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoint } from '../../src/contract/endpoints/define'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { buildTenant } from '../../tests/fixtures/tenants'
import { ConflictError, PreconditionFailedError } from './errors'
import { route } from './route'

/** Test-only endpoints: the platform's behaviour, independent of any feature. */
const Reading = v.object({
  patientId: v.pipe(v.string(), v.uuid()),
  systolic: v.pipe(v.number(), v.integer(), v.minValue(60), v.maxValue(250)),
  curp: v.optional(v.pipe(v.string(), v.length(18, 'curp.invalid'))),
  address: v.object({ state: v.pipe(v.string(), v.nonEmpty()) }),
})
const echo = endpoint({ service: null, method: 'POST', path: '/test/echo', access: 'public', body: Reading })
const secret = endpoint({ service: null, method: 'GET', path: '/test/secret', access: 'patients-index' })
const signedIn = endpoint({ service: null, method: 'GET', path: '/test/me', access: 'authenticated' })
const stale = endpoint({ service: null, method: 'PUT', path: '/test/stale', access: 'public' })
const busy = endpoint({ service: null, method: 'POST', path: '/test/busy', access: 'public' })
const broken = endpoint({ service: null, method: 'GET', path: '/test/broken', access: 'public' })
const large = endpoint({ service: null, method: 'GET', path: '/test/large', access: 'public' })

function testRoutes(app: FastifyInstance) {
  app.register(
    async (api) => {
      // A stand-in for the authentication hook of the next issue: a header names the permissions.
      api.addHook('onRequest', async (req) => {
        const granted = req.headers['x-test-permissions']
        if (typeof granted === 'string')
          req.user = {
            id: 'u1',
            tenantId: null,
            isLandlord: false,
            passwordExpired: false,
            permissions: new Set(granted.split(',')),
          }
      })
      route(api, echo, async ({ body }) => body)
      route(api, secret, async () => ({ secret: 42 }))
      route(api, signedIn, async (_input, req) => ({ id: req.user?.id }))
      route(api, stale, async () => {
        throw new PreconditionFailedError({ id: 'p1', version: 7 })
      })
      route(api, busy, async () => {
        throw new ConflictError()
      })
      route(api, broken, async () => {
        throw new Error('database password is hunter2')
      })
      route(api, large, async () => ({
        rows: Array.from({ length: 500 }, (_, i) => ({ i, name: 'Hernández' })),
      }))
    },
    { prefix: '/api' },
  )
}

describe('envelope, validation and errors', () => {
  let t: TestApp
  const host = 'acme.localhost'

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '1000' }, testRoutes)
    await buildTenant(t.database.db, { slug: 'acme' })
  })
  afterAll(() => t.close())

  const valid = { patientId: '0190a6f0-7c1e-7a8b-9c3d-1e2f3a4b5c6d', systolic: 120, address: { state: '09' } }

  it('wraps a success in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host },
      payload: valid,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: valid, message: '', error: false })
  })

  it('answers 422 with per-field messages in Spanish by default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host },
      payload: { patientId: 'x', systolic: 300, curp: 'ABC', address: { state: '' } },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      data: null,
      error: true,
      message: 'Todos los campos obligatorios deben ser llenados',
      errors: {
        patientId: ['El identificador no es válido.'],
        systolic: ['Debe ser como máximo 250.'],
        curp: ['La CURP no es válida'],
        'address.state': ['Este campo es obligatorio.'],
      },
    })
  })

  it('answers 422 in English when the client prefers it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, 'accept-language': 'en' },
      payload: { ...valid, systolic: 12.5, curp: 'ABC', address: undefined },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe('All required fields must be filled')
    expect(res.json().errors).toEqual({
      systolic: ['Must be a whole number.', 'Must be at least 60.'],
      curp: ['The SSN field is invalid'],
      address: ['This field is required.'],
    })
  })

  it('answers 400 to a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, 'content-type': 'application/json' },
      payload: '{"patientId": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: true, data: null })
  })

  it('answers 413 to a body over the limit and 415 to an unknown content type', async () => {
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, 'content-type': 'application/json' },
      payload: `"${'x'.repeat(11 * 1024 * 1024)}"`,
    })
    expect(tooLarge.statusCode).toBe(413)
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, 'content-type': 'application/x-unknown' },
      payload: 'a=b',
    })
    expect(wrongType.statusCode).toBe(415)
  })

  it('answers 401 without a user and 403 without the permission, in both languages', async () => {
    const anonymous = await t.app.inject({ url: '/api/test/me', headers: { host } })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().message).toBe('La sesión ha expirado. Inicia sesión de nuevo para continuar.')

    const denied = await t.app.inject({
      url: '/api/test/secret',
      headers: { host, 'x-test-permissions': 'other' },
    })
    expect(denied.statusCode).toBe(403)
    expect(denied.json()).toEqual({
      data: null,
      error: true,
      message: 'Lo sentimos no tiene permiso para acceder',
    })
    const deniedEn = await t.app.inject({
      url: '/api/test/secret',
      headers: { host, 'x-test-permissions': 'other', 'accept-language': 'en' },
    })
    expect(deniedEn.json().message).toBe('Sorry, you do not have permission to access')

    const allowed = await t.app.inject({
      url: '/api/test/secret',
      headers: { host, 'x-test-permissions': 'patients-index' },
    })
    expect(allowed.json()).toEqual({ data: { secret: 42 }, message: '', error: false })
  })

  it('answers 412 with the current record and 409 as a conflict', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/test/stale', headers: { host } })
    expect(res.statusCode).toBe(412)
    expect(res.json()).toMatchObject({ error: true, data: { id: 'p1', version: 7 } })
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/test/busy', headers: { host } })).statusCode,
    ).toBe(409)
  })

  it('hides an unexpected error behind the generic message', async () => {
    const res = await t.app.inject({ url: '/api/test/broken', headers: { host } })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      data: null,
      error: true,
      message: 'Algo ha ocurrido, por favor intente nuevamente',
    })
    expect(res.body).not.toContain('hunter2')
  })

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { host, 'accept-language': 'en' } })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ data: null, error: true, message: 'The requested resource was not found.' })
  })

  it('compresses large answers and sends the security headers', async () => {
    const res = await t.app.inject({ url: '/api/test/large', headers: { host, 'accept-encoding': 'gzip' } })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('route declarations', () => {
  it('refuses to start when an API route declares no access', async () => {
    const build = buildTestApp({}, (app) => {
      app.get('/api/undeclared', async () => 'x')
    })
    await expect(build).rejects.toThrow(/declares no access/)
  })

  it('lists every API route with its declared access', async () => {
    const t = await buildTestApp()
    try {
      expect(t.app.declaredRoutes).toContainEqual(
        expect.objectContaining({
          method: 'GET',
          url: '/api/configuration/get-configurations-tenant',
          access: 'public',
        }),
      )
      expect(t.app.declaredRoutes.every((r) => r.access !== undefined && r.endpoint !== undefined)).toBe(true)
    } finally {
      await t.close()
    }
  })
})

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a client passes the limit', async () => {
    const t = await buildTestApp({ RATE_LIMIT_MAX: '3' })
    try {
      const call = () => t.app.inject({ url: '/api/health', headers: { 'accept-language': 'en' } })
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200)
      const limited = await call()
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBeDefined()
      expect(limited.json()).toMatchObject({
        error: true,
        data: null,
        message: 'Too many requests. Wait a moment and try again.',
      })
    } finally {
      await t.close()
    }
  })
})
