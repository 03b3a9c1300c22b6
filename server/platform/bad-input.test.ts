import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoint } from '../../src/contract/endpoints/define'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { buildTenant } from '../../tests/fixtures/tenants'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body'
import { route } from './route'
import { ifMatchVersion } from './versions'

/**
 * Issue 16: each class of bad input that used to reach a 500 is closed once, in the platform,
 * for every route — shown here on test-only routes, independent of any feature.
 */
const Note = v.object({
  text: v.optional(v.pipe(v.string(), v.maxLength(100))),
  any: v.optional(v.unknown()),
})
const echo = endpoint({ service: null, method: 'POST', path: '/test/echo', access: 'public', body: Note })
const remove = endpoint({ service: null, method: 'DELETE', path: '/test/echo/:id', access: 'public' })
const search = endpoint({
  service: null,
  method: 'GET',
  path: '/test/search/:id',
  access: 'public',
  params: v.object({ id: v.pipe(v.string(), v.maxLength(20)) }),
  query: v.object({ q: v.optional(v.pipe(v.string(), v.maxLength(100))) }),
})
const refusedDate = endpoint({
  service: null,
  method: 'GET',
  path: '/test/impossible-date',
  access: 'public',
})
const refusedSize = endpoint({ service: null, method: 'GET', path: '/test/too-big', access: 'public' })
const version = endpoint({ service: null, method: 'PUT', path: '/test/version', access: 'public' })
const trusting = endpoint({
  service: null,
  method: 'GET',
  path: '/test/trusting',
  access: 'public',
  // A check that trusts the one before it, which valibot runs anyway.
  query: v.object({
    n: v.pipe(
      v.string(),
      v.regex(/^\d+$/),
      v.check((text) => BigInt(text) > 0n),
    ),
  }),
})

function testRoutes(app: FastifyInstance, database: () => TestApp['database']) {
  app.register(
    async (api) => {
      route(api, echo, async ({ body }) => body)
      route(api, remove, async () => null)
      route(api, search, async ({ params, query }) => ({ ...params, ...query }))
      route(api, refusedDate, async () => database().db.execute(sql`select '2026-02-30'::date`))
      route(api, refusedSize, async () =>
        database().db.execute(sql`do $$ begin raise exception 'too big' using errcode = '54000'; end $$`),
      )
      route(api, version, async (_input, req) => ({ base: ifMatchVersion(req) }))
      route(api, trusting, async ({ query }) => query)
    },
    { prefix: '/api' },
  )
}

const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
const deepObject = (levels: number) => `${'{"any":'.repeat(levels)}1${'}'.repeat(levels)}`

describe('bad input never reaches a 5xx', () => {
  let t: TestApp
  const headers = { host: 'acme.localhost', 'content-type': 'application/json' }

  beforeAll(async () => {
    t = await buildTestApp({}, (app) => testRoutes(app, () => t.database))
    await buildTenant(t.database.db, { slug: 'acme' })
  })
  afterAll(() => t.close())

  const post = (payload: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { ...headers, ...extra }, payload })

  describe('deep JSON', () => {
    it('measures nesting outside strings only', () => {
      expect(nestsDeeperThan('[[[]]]', 2)).toBe(true)
      expect(nestsDeeperThan('[[[]]]', 3)).toBe(false)
      expect(nestsDeeperThan('{"a":"[[[[\\"[[[["}', 1)).toBe(false)
    })

    it('refuses 10 000 levels with a 400 before parsing, on any method, DELETE included', async () => {
      for (const payload of [deepArray(10_000), deepObject(10_000)]) {
        const res = await post(payload, { 'accept-language': 'en' })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({
          data: null,
          error: true,
          message: 'The content sent nests too many levels.',
        })
      }
      const removal = await t.app.inject({
        method: 'DELETE',
        url: '/api/test/echo/1',
        headers,
        payload: deepObject(10_000),
      })
      expect(removal.statusCode).toBe(400)
    })

    it('takes a body up to the limit', async () => {
      const res = await post(`{"any":${deepArray(MAX_JSON_DEPTH - 1)}}`)
      expect(res.statusCode).toBe(200)
    })
  })

  describe('text the database cannot keep', () => {
    it('refuses a NUL or a lone surrogate in the body, naming the field (422)', async () => {
      const nul = await post('{"text":"a\\u0000b"}')
      expect(nul.statusCode).toBe(422)
      expect(nul.json().errors).toEqual({ text: ['Contiene caracteres que no se pueden guardar.'] })
      const surrogate = await post('{"any":{"list":["ok","\\ud800"]}}', { 'accept-language': 'en' })
      expect(surrogate.statusCode).toBe(422)
      expect(surrogate.json().errors).toEqual({
        'any.list.1': ['Contains characters that cannot be stored.'],
      })
      const key = await post('{"any":{"a\\u0000":1}}')
      expect(Object.keys(key.json().errors)).toEqual(['any.a\u0000'])
    })

    it('takes escaped text that is whole (accents, emoji as a surrogate pair)', async () => {
      const res = await post('{"text":"Ni\\u00f1o \\ud83d\\udc76"}')
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual({ text: 'Niño 👶' })
    })

    it('refuses them in the path and the query too', async () => {
      const param = await t.app.inject({ url: '/api/test/search/a%00b', headers })
      expect(param.statusCode).toBe(422)
      expect(param.json().errors).toEqual({ id: ['Contiene caracteres que no se pueden guardar.'] })
      const query = await t.app.inject({ url: '/api/test/search/ok?q=x%00', headers })
      expect(query.statusCode).toBe(422)
      expect(query.json().errors).toEqual({ q: ['Contiene caracteres que no se pueden guardar.'] })
    })
  })

  describe('values the database refuses', () => {
    it('answers a data exception 400 and a limit exceeded 413, not 500', async () => {
      const date = await t.app.inject({
        url: '/api/test/impossible-date',
        headers: { ...headers, 'accept-language': 'en' },
      })
      expect(date.statusCode).toBe(400)
      expect(date.json()).toEqual({
        data: null,
        error: true,
        message: 'The request carries a value that cannot be stored.',
      })
      const size = await t.app.inject({ url: '/api/test/too-big', headers })
      expect(size.statusCode).toBe(413)
    })

    it('reads an If-Match beyond what a version column holds as no version at all', async () => {
      const put = (ifMatch: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/test/version',
          headers: { host: 'acme.localhost', 'if-match': ifMatch },
        })
      expect((await put('"7"')).json().data).toEqual({ base: 7 })
      expect((await put('"2147483647"')).json().data).toEqual({ base: 2_147_483_647 })
      expect((await put('"2147483648"')).json().data).toEqual({ base: 0 })
      expect((await put('99999999999999999999999')).json().data).toEqual({ base: 0 })
      expect((await put('"-1"')).statusCode).toBe(400)
    })
  })

  describe('requests the framework could not read', () => {
    it('answers a malformed URL and an over-long path parameter with the 400 envelope', async () => {
      for (const url of ['/api/test/search/%ED%A0%80', `/api/test/search/${'x'.repeat(500)}`]) {
        const res = await t.app.inject({ url, headers })
        expect(res.statusCode, url).toBe(400)
        expect(res.json(), url).toEqual({ data: null, error: true, message: 'La solicitud no es válida.' })
      }
    })

    it('answers a multipart body it cannot read with a 400', async () => {
      for (const [type, payload] of [
        ['multipart/form-data', 'text=x'],
        ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="text"\r\n\r\nx'],
      ]) {
        const res = await post(payload as string, { 'content-type': type as string })
        expect(res.statusCode, type).toBe(400)
        expect(res.json().error).toBe(true)
      }
    })

    it('answers a schema check that throws on what it did not expect with a 422', async () => {
      const res = await t.app.inject({ url: '/api/test/trusting?n=x', headers })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ querystring: ['Valor no permitido'] })
      expect((await t.app.inject({ url: '/api/test/trusting?n=5', headers })).statusCode).toBe(200)
    })
  })
})
