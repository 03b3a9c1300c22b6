import { describe, expect, it } from 'vitest'
import { isMaintenanceWindow } from './year-end-notice'

describe('the year-end maintenance window', () => {
  it('covers 30 December to 1 January', () => {
    expect(isMaintenanceWindow(new Date(2026, 11, 30, 0, 0))).toBe(true)
    expect(isMaintenanceWindow(new Date(2026, 11, 31, 23, 59))).toBe(true)
    expect(isMaintenanceWindow(new Date(2027, 0, 1, 12, 0))).toBe(true)
  })

  it('is closed the days before and after', () => {
    expect(isMaintenanceWindow(new Date(2026, 11, 29, 23, 59))).toBe(false)
    expect(isMaintenanceWindow(new Date(2027, 0, 2, 0, 0))).toBe(false)
    expect(isMaintenanceWindow(new Date(2026, 5, 30))).toBe(false)
  })
})
