import Dexie from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatBytes, isQuotaExceeded, requestPersistentStorage, storageUse } from './storage'

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

  it('recognises a full disk however IndexedDB and Dexie report it', () => {
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    expect(isQuotaExceeded(full)).toBe(true)
    expect(isQuotaExceeded(new Dexie.QuotaExceededError('full'))).toBe(true)
    expect(isQuotaExceeded(new Dexie.AbortError('Transaction aborted', full))).toBe(true)
    expect(isQuotaExceeded(new Dexie.AbortError('Transaction aborted'))).toBe(false)
    expect(isQuotaExceeded(new Error('CURP duplicada'))).toBe(false)
    expect(isQuotaExceeded(null)).toBe(false)
  })
})
