import { describe, expect, it } from 'vitest'
import { changedFields, mergeThreeWay, sameValue } from './merge'

const base = { name: 'Juan', phone: '3312345678', address_other: 'Av. Juárez 120', version: 3 }

describe('three-way merge', () => {
  it('takes my side for a field only I changed', () => {
    const { merged, conflicts } = mergeThreeWay(base, { ...base, phone: '3398765432' }, base)
    expect(merged.phone).toBe('3398765432')
    expect(conflicts).toEqual([])
  })

  it('takes their side for a field only they changed', () => {
    const theirs = { ...base, address_other: 'Calle Hidalgo 45', version: 4 }
    const { merged, conflicts } = mergeThreeWay(base, base, theirs)
    expect(merged).toEqual(theirs)
    expect(conflicts).toEqual([])
  })

  it('merges disjoint changes of both sides', () => {
    const mine = { ...base, phone: '3398765432' }
    const theirs = { ...base, address_other: 'Calle Hidalgo 45', version: 4 }
    const { merged, conflicts } = mergeThreeWay(base, mine, theirs)
    expect(merged).toEqual({ ...base, phone: '3398765432', address_other: 'Calle Hidalgo 45', version: 4 })
    expect(conflicts).toEqual([])
  })

  it('accepts the same change made on both sides', () => {
    const both = { ...base, phone: '3398765432' }
    expect(mergeThreeWay(base, both, { ...both, version: 4 }).conflicts).toEqual([])
  })

  it('reports a field changed differently on both sides, keeping theirs until someone decides', () => {
    const { merged, conflicts } = mergeThreeWay(
      base,
      { ...base, phone: '3311111111' },
      { ...base, phone: '3322222222', version: 4 },
    )
    expect(conflicts).toEqual([
      { field: 'phone', base: '3312345678', mine: '3311111111', theirs: '3322222222' },
    ])
    expect(merged.phone).toBe('3322222222')
  })

  it('looks at values only, never at timestamps', () => {
    const stamped = { ...base, updated_at: '2026-11-22T10:00:00.000Z' }
    const mine = { ...stamped, phone: '3311111111', updated_at: '2099-01-01T00:00:00.000Z' }
    const theirs = { ...stamped, phone: '3322222222', updated_at: '2026-11-22T11:00:00.000Z' }
    const { merged, conflicts } = mergeThreeWay(stamped, mine, theirs)
    // A device clock set to 2099 does not make my phone number win.
    expect(conflicts.map((c) => c.field)).toContain('phone')
    expect(merged.phone).toBe('3322222222')
  })
})

describe('field comparison', () => {
  it('treats null and a missing value alike and compares structures by value', () => {
    expect(sameValue(null, undefined)).toBe(true)
    expect(sameValue({ a: [1, 2] }, { a: [1, 2] })).toBe(true)
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false)
    expect(sameValue('', null)).toBe(false)
  })

  it('lists only the fields that differ', () => {
    expect(changedFields(base, { name: 'Juan', phone: '3398765432' })).toEqual({ phone: '3398765432' })
  })
})
