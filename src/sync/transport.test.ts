import { describe, expect, it } from 'vitest'
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

/** A transport over a fetch that answers `response` and remembers the request. */
function over(response: () => Response | Promise<Response>) {
  const requests: Request[] = []
  const transport = httpTransport(() => 'token-abc', {
    language: () => 'es',
    fetch: async (input, init) => {
      requests.push(new Request(new URL(String(input), 'http://demo.localhost:3000'), init))
      return response()
    },
  })
  return { transport, requests }
}

describe('the HTTP transport', () => {
  it('sends the key, the base version, the token and the language', async () => {
    const { transport, requests } = over(() =>
      json(200, { data: { id: 'x', version: 4 }, message: '', error: false }),
    )
    await transport.send(update)
    const [request] = requests
    expect(request?.method).toBe('PUT')
    expect(new URL(request?.url ?? '').pathname).toBe(update.path)
    expect(request?.headers.get('Idempotency-Key')).toBe(update.mutationId)
    expect(request?.headers.get('If-Match')).toBe('"3"')
    expect(request?.headers.get('Authorization')).toBe('Bearer token-abc')
    expect(request?.headers.get('Accept-Language')).toBe('es')
    expect(await request?.json()).toEqual({ phone: '3398765432' })
  })

  it('sends no If-Match with a create', async () => {
    const { transport, requests } = over(() => json(200, { data: null, message: '', error: false }))
    await transport.send({ ...update, kind: 'patient.create', method: 'POST', baseVersion: null })
    expect(requests[0]?.headers.has('If-Match')).toBe(false)
  })

  it('answers ok with the envelope’s data', async () => {
    const record = { id: update.entityId, phone: '3398765432', version: 4 }
    const { transport } = over(() => json(200, { data: record, message: 'ok', error: false }))
    expect(await transport.send(update)).toEqual({ kind: 'ok', record })
  })

  it.each([408, 409, 425, 429, 500, 502, 503])('retries later after %i', async (status) => {
    const { transport } = over(() => json(status, { data: null, message: '', error: true }))
    expect(await transport.send(update)).toEqual({ kind: 'retry' })
  })

  it('honours Retry-After', async () => {
    const { transport } = over(() =>
      json(429, { data: null, message: '', error: true }, { 'Retry-After': '30' }),
    )
    expect(await transport.send(update)).toEqual({ kind: 'retry', retryAfterMs: 30_000 })
  })

  it('reports a failed connection as network', async () => {
    const { transport } = over(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await transport.send(update)).toEqual({ kind: 'network' })
  })

  it('reports a 401 as unauthorized', async () => {
    const { transport } = over(() => json(401, { data: null, message: 'Unauthenticated', error: true }))
    expect(await transport.send(update)).toEqual({ kind: 'unauthorized' })
  })

  it.each([400, 403, 404, 422])('reports %i as a rejection with the server’s message', async (status) => {
    const errors = { phone: ['field.phone'] }
    const { transport } = over(() =>
      json(status, { data: null, message: 'Datos inválidos', error: true, errors }),
    )
    expect(await transport.send(update)).toEqual({
      kind: 'rejected',
      status,
      message: 'Datos inválidos',
      errors,
    })
  })

  it('reports a 412 with the current record', async () => {
    const current = {
      id: update.entityId,
      phone: '3312345678',
      address_other: 'Calle Hidalgo 45',
      version: 5,
    }
    const { transport } = over(() =>
      json(412, { data: current, message: 'Precondition failed', error: true }),
    )
    expect(await transport.send(update)).toEqual({ kind: 'version-mismatch', current })
  })
})
