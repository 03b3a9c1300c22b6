import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatBytes, requestPersistentStorage, storageUse } from './storage'

describe('device storage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks for persistence once, and reports use and quota', async () => {
    const persist = vi.fn(async () => true)
    vi.stubGlobal('navigator', {
      storage: {
        persist,
        persisted: async () => false,
        estimate: async () => ({ usage: 5_242_880, quota: 1_073_741_824 }),
      },
    })
    expect(await requestPersistentStorage()).toBe(true)
    expect(persist).toHaveBeenCalledTimes(1)
    expect(await storageUse()).toEqual({ usedBytes: 5_242_880, quotaBytes: 1_073_741_824, persistent: false })
  })

  it('answers plainly where the browser has no storage manager', async () => {
    vi.stubGlobal('navigator', {})
    expect(await requestPersistentStorage()).toBe(false)
    expect(await storageUse()).toBeNull()
  })

  it('formats sizes for people', () => {
    expect(formatBytes(5_242_880, 'es')).toBe('5 MB')
    expect(formatBytes(1536, 'en')).toBe('1.5 KB')
  })
})
