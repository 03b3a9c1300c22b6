import { describe, expect, it } from 'vitest'
import { MAX_DELAY_MS, MAX_WAIT_MS, MIN_DELAY_MS, nextDelay, retryAfterMs } from './backoff'

describe('back-off', () => {
  it('never waits less than 1 s nor more than 5 min, however many attempts', () => {
    for (const attempts of [0, 1, 2, 5, 10, 30, 1000]) {
      for (const random of [0, 0.5, 0.999999]) {
        const delay = nextDelay(attempts, () => random)
        expect(delay).toBeGreaterThanOrEqual(MIN_DELAY_MS)
        expect(delay).toBeLessThanOrEqual(MAX_DELAY_MS)
      }
    }
  })

  it('grows its ceiling exponentially until 5 min', () => {
    const ceiling = (attempts: number) => nextDelay(attempts, () => 0.999999)
    expect(ceiling(1)).toBeCloseTo(2_000, -1)
    expect(ceiling(3)).toBeCloseTo(8_000, -1)
    expect(ceiling(20)).toBeCloseTo(MAX_DELAY_MS, -1)
  })

  it('spreads devices over the whole window (full jitter)', () => {
    expect(nextDelay(6, () => 0)).toBe(MIN_DELAY_MS)
    expect(nextDelay(6, () => 0.5)).toBe(Math.round(MIN_DELAY_MS + 0.5 * (64_000 - MIN_DELAY_MS)))
    const delays = new Set(Array.from({ length: 20 }, (_, i) => nextDelay(6, () => i / 20)))
    expect(delays.size).toBe(20)
  })
})

describe('Retry-After', () => {
  const now = Date.parse('2026-11-22T10:00:00.000Z')

  it('reads delta seconds', () => {
    expect(retryAfterMs('120', now)).toBe(120_000)
  })

  it('reads an HTTP date', () => {
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0)
  })

  it('caps what a wrong clock or an odd server could ask', () => {
    expect(retryAfterMs('99999999', now)).toBe(MAX_WAIT_MS)
  })

  it('leaves the choice to the back-off when absent or unreadable', () => {
    expect(retryAfterMs(null, now)).toBeUndefined()
    expect(retryAfterMs('soon', now)).toBeUndefined()
  })
})
