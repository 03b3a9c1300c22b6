import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endpoint } from '../contract/endpoints/define'
import { stubApi } from '../test/render'
import { call } from './client'
import { currentConnection, lastContact } from './connection'

const ping = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/ping',
  access: 'public',
  response: v.object({}),
})

describe('the connection as the last request found it', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is offline after a request that got no answer, online after any answer', async () => {
    stubApi({ '/api/configuration/ping': 'network-error' })
    await call(ping).catch(() => undefined)
    expect(currentConnection()).toBe('offline')
    stubApi({ '/api/configuration/ping': { status: 500, body: { data: null, error: true, message: 'x' } } })
    await call(ping).catch(() => undefined)
    expect(currentConnection()).toBe('online')
    expect(lastContact()).toBeGreaterThan(Date.now() - 1000)
  })
})
