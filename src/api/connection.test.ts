import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endpoint } from '../contract/endpoints/define'
import { stubApi } from '../test/render'
import { call } from './client'
import {
  currentConnection,
  lastContact,
  PROBE_INTERVAL_MS,
  probeServer,
  reportConnection,
  watchBrowserConnection,
} from './connection'

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

describe('the browser’s word on the network', () => {
  let stop: (() => void) | null = null
  afterEach(() => {
    stop?.()
    stop = null
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const envelope = { body: { data: { status: 'ok' }, error: false, message: '' } }
  const setOnLine = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)

  it('is offline as soon as the browser says so, with no request failing first', async () => {
    const api = stubApi({ '/api/health': envelope })
    await probeServer()
    expect(currentConnection()).toBe('online')
    stop = watchBrowserConnection()
    window.dispatchEvent(new Event('offline'))
    expect(currentConnection()).toBe('offline')
    expect(api.requests).toHaveLength(1)
  })

  it('turns online after `online` only once the server answered, asked past every cache', async () => {
    stubApi({ '/api/health': 'network-error' })
    await probeServer()
    stubApi({ '/api/health': envelope })
    const probe = vi.fn(probeServer)
    stop = watchBrowserConnection(probe)
    expect(currentConnection()).toBe('offline')
    window.dispatchEvent(new Event('online'))
    expect(currentConnection()).toBe('offline')
    await probe.mock.results[0]?.value
    expect(currentConnection()).toBe('online')
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' })
  })

  it('stays offline when what answers is not the server (a captive portal), and asks again', async () => {
    vi.useFakeTimers()
    setOnLine(true)
    stubApi({ '/api/health': { body: '<html>Inicie sesión en la red</html>' } })
    await probeServer()
    expect(currentConnection()).toBe('offline')
    const probe = vi.fn(async () => undefined)
    stop = watchBrowserConnection(probe)
    window.dispatchEvent(new Event('online'))
    expect(probe).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(PROBE_INTERVAL_MS)
    expect(probe).toHaveBeenCalledTimes(2)
    reportConnection('online')
    vi.advanceTimersByTime(PROBE_INTERVAL_MS * 3)
    expect(probe).toHaveBeenCalledTimes(2)
  })

  it('starts offline when the browser already knows there is no network', () => {
    reportConnection('online')
    setOnLine(false)
    stop = watchBrowserConnection(async () => undefined)
    expect(currentConnection()).toBe('offline')
  })
})
