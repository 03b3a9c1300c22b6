import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, vi } from 'vitest'

// waitFor and findBy* give up after 1 s by default; on a busy 2-core CI machine a Dexie live
// query can take longer to settle. They still return as soon as the expectation holds.
configure({ asyncUtilTimeout: 5_000 })

// happy-dom has no canvas, so Chart.js cannot draw ("Failed to create chart"). The chart stands
// as its bare canvas, with its role and name; what it plots is tested through chart-series and
// the summary table every chart has for screen readers.
vi.mock('react-chartjs-2', () => ({
  Chart: ({ type: _type, data: _data, options: _options, ...canvas }: Record<string, unknown>) =>
    createElement('canvas', canvas),
}))

// No test reaches a real network: a request no test answered (stubApi) fails as it would
// offline, instead of looking up demo.localhost (the test page's host) in the DNS. Set, not
// stubbed: a test's own stub (stubApi) and vi.unstubAllGlobals() come back to it.
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch')
}
globalThis.fetch = offline

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
