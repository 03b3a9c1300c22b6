import { describe, expect, it } from 'vitest'
import { fullPath } from '../../src/contract/endpoints/define'
import { contractEndpoints, requestParts, unboundedIn } from '../fixtures/contract-schemas'

/**
 * Issue 16: every string and list a request may carry has a maximum, and every number both
 * bounds, so that no request of any size reaches a handler or the database. Read from the
 * contract itself: an endpoint added tomorrow is held to it without a line here. The shared
 * helpers of src/contract/schemas/bounded.ts give the maxima.
 */
describe('the bounds of every request', () => {
  it('finds the contract’s endpoints', async () => {
    expect((await contractEndpoints()).length).toBeGreaterThan(100)
  })

  it('gives every string, list and number of a request a maximum', async () => {
    const unbounded = (await contractEndpoints()).flatMap((endpoint) =>
      requestParts(endpoint).flatMap(([part, schema]) =>
        unboundedIn(schema).map((where) => `${endpoint.method} ${fullPath(endpoint)} ${part} ${where}`),
      ),
    )
    expect(unbounded).toEqual([])
  })
})
