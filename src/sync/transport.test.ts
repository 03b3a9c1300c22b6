import { describe, expect, it } from 'vitest'
import { BATCH_LIMIT } from '../contract/schemas/sync'
import type { OutboxEntry } from '../db/local-db'
import { httpTransport } from './transport'

const update: OutboxEntry = {
  seq: 7,
  mutationId: '0193a7f2-5b1e-7c3d-8e4f-00000000000a',
  userId: 'nurse-1',
  tenant: 'demo',
  kind: 'patient.update',
  entity: 'patient',
  entityId: '0193a7f2-5b1e-7c3d-8e4f-123456789abc',
  method: 'PUT',
  path: '/api/operation/patients/update/0193a7f2-5b1e-7c3d-8e4f-123456789abc',
  body: { phone: '3398765432' },
  baseVersion: 3,
  dependsOn: [],
  status: 'sending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  createdAt: '2026-11-22T10:00:00.000Z',
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

interface Carried {
  key: string
  method: string
  path: string
  ifMatch?: string
  body: unknown
}

/** The envelope a batch is answered with: each entry's own answer, in order. */
const answered = (answers: Array<{ status: number; body: unknown; retryAfter?: string | null }>) =>
  json(200, {
    data: { answers: answers.map((a) => ({ retryAfter: null, ...a })) },
    message: '',
    error: false,
  })

/** A transport over a fetch that answers `respond` for each request, and remembers the requests. */
function over(respond: (carried: Carried[]) => Response | Promise<Response>) {
  const requests: Request[] = []
  const batches: Carried[][] = []
  const transport = httpTransport(() => 'token-abc', {
    language: () => 'es',
    fetch: async (input, init) => {
      const request = new Request(new URL(String(input), 'http://demo.localhost:3000'), init)
      requests.push(request)
      const carried = (await request.clone().json()).requests as Carried[]
      batches.push(carried)
      return respond(carried)
    },
  })
  return { transport, requests, batches }
}

/** One answer for every entry of each batch. */
const eachAnswered = (status: number, body: unknown, retryAfter: string | null = null) =>
  over((carried) => answered(carried.map(() => ({ status, body, retryAfter }))))

const entry = (n: number): OutboxEntry => ({
  ...update,
  seq: n,
  mutationId: `0193a7f2-5b1e-7c3d-8e4f-${String(n).padStart(12, '0')}`,
  entityId: `0193a7f2-5b1e-7c3d-8e4f-${String(n).padStart(12, '1')}`,
})

describe('the HTTP transport', () => {
  it('sends the entries set off together as one batch, each with its key and base version', async () => {
    const { transport, requests, batches } = eachAnswered(200, { data: null, message: '', error: false })
    const create: OutboxEntry = { ...entry(8), kind: 'patient.create', method: 'POST', baseVersion: null }
    await Promise.all([transport.send(update), transport.send(create)])
    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request?.method).toBe('POST')
    expect(new URL(request?.url ?? '').pathname).toBe('/api/sync/batch')
    expect(request?.headers.get('Authorization')).toBe('Bearer token-abc')
    expect(request?.headers.get('Accept-Language')).toBe('es')
    expect(batches[0]).toEqual([
      {
        key: update.mutationId,
        method: 'PUT',
        path: update.path,
        ifMatch: '"3"',
        body: { phone: '3398765432' },
      },
      // A create carries no If-Match.
      { key: create.mutationId, method: 'POST', path: create.path, body: create.body },
    ])
  })

  it('splits what was set off together into batches of at most BATCH_LIMIT', async () => {
    const { transport, batches } = eachAnswered(200, { data: null, message: '', error: false })
    const entries = Array.from({ length: BATCH_LIMIT + 3 }, (_, n) => entry(n + 1))
    await Promise.all(entries.map((e) => transport.send(e)))
    expect(batches.map((batch) => batch.length)).toEqual([BATCH_LIMIT, 3])
    expect(batches.flat().map((carried) => carried.key)).toEqual(entries.map((e) => e.mutationId))
  })

  it('sends entries set off at different moments in requests of their own', async () => {
    const { transport, batches } = eachAnswered(200, { data: null, message: '', error: false })
    await transport.send(entry(1))
    await transport.send(entry(2))
    expect(batches.map((batch) => batch.length)).toEqual([1, 1])
  })

  it('gives each entry its own answer', async () => {
    const record = { id: update.entityId, phone: '3398765432', version: 4 }
    const current = {
      id: update.entityId,
      phone: '3312345678',
      address_other: 'Calle Hidalgo 45',
      version: 5,
    }
    const errors = { phone: ['field.phone'] }
    const { transport } = over(() =>
      answered([
        { status: 200, body: { data: record, message: 'ok', error: false } },
        { status: 412, body: { data: current, message: 'Precondition failed', error: true } },
        { status: 422, body: { data: null, message: 'Datos inválidos', error: true, errors } },
        { status: 503, body: { data: null, message: '', error: true }, retryAfter: '30' },
      ]),
    )
    const results = await Promise.all([1, 2, 3, 4].map((n) => transport.send(entry(n))))
    expect(results).toEqual([
      { kind: 'ok', record },
      { kind: 'version-mismatch', current },
      { kind: 'rejected', status: 422, message: 'Datos inválidos', errors },
      { kind: 'retry', status: 503, retryAfterMs: 30_000 },
    ])
  })

  it.each([408, 409, 425, 429, 500, 502, 503])('retries an entry answered %i later', async (status) => {
    const { transport } = eachAnswered(status, { data: null, message: '', error: true })
    expect(await transport.send(update)).toEqual({ kind: 'retry', status })
  })

  it.each([400, 403, 404, 422])(
    'reports an entry answered %i as a rejection with the server’s message',
    async (status) => {
      const errors = { phone: ['field.phone'] }
      const { transport } = eachAnswered(status, {
        data: null,
        message: 'Datos inválidos',
        error: true,
        errors,
      })
      expect(await transport.send(update)).toEqual({
        kind: 'rejected',
        status,
        message: 'Datos inválidos',
        errors,
      })
    },
  )

  it('reports an entry answered 401 as unauthorized', async () => {
    const { transport } = eachAnswered(401, { data: null, message: 'Unauthenticated', error: true })
    expect(await transport.send(update)).toEqual({ kind: 'unauthorized' })
  })

  it('reports a failed connection as network for every entry of the batch', async () => {
    const { transport } = over(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await Promise.all([transport.send(entry(1)), transport.send(entry(2))])).toEqual([
      { kind: 'network' },
      { kind: 'network' },
    ])
  })

  it('gives every entry the answer to the batch itself: 401, and 429 with Retry-After', async () => {
    const refused = over(() => json(401, { data: null, message: 'Unauthenticated', error: true }))
    expect(await Promise.all([refused.transport.send(entry(1)), refused.transport.send(entry(2))])).toEqual([
      { kind: 'unauthorized' },
      { kind: 'unauthorized' },
    ])
    const limited = over(() => json(429, { data: null, message: '', error: true }, { 'Retry-After': '30' }))
    expect(await limited.transport.send(update)).toEqual({ kind: 'retry', status: 429, retryAfterMs: 30_000 })
  })

  it('treats a batch answer that does not account for every entry as lost', async () => {
    const { transport } = over(() =>
      answered([{ status: 200, body: { data: null, message: '', error: false } }]),
    )
    expect(await Promise.all([transport.send(entry(1)), transport.send(entry(2))])).toEqual([
      { kind: 'network' },
      { kind: 'network' },
    ])
  })
})
