import { describe, expect, it } from 'vitest'
import { isTimeZone } from './time-zone'

describe('isTimeZone', () => {
  it('knows the IANA names and refuses anything else', () => {
    expect(isTimeZone('America/Mexico_City')).toBe(true)
    expect(isTimeZone('America/Tijuana')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})
