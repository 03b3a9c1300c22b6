import { describe, expect, it } from 'vitest'
import { matchRows, searchIndex } from './local-rows'

const rows = [
  { id: 1, name: 'José Pérez' },
  { id: 2, name: 'Josefina Ruiz' },
  { id: 3, name: 'Ana Pérez' },
]

describe('matchRows', () => {
  const index = searchIndex(rows, ['name'])

  it('finds without case or accents, and gives every row for an empty search', () => {
    expect(matchRows(rows, index, ' PEREZ ', null).rows.map((r) => r.id)).toEqual([1, 3])
    expect(matchRows(rows, index, '  ', null)).toMatchObject({ positions: null, rows })
  })

  it('narrows the previous matches when the search grows, and scans again when it does not', () => {
    const jos = matchRows(rows, index, 'jos', null)
    expect(jos.positions).toEqual([0, 1])
    // Only the previous matches are looked at: a row outside them is not found even if it would be.
    const poisoned = { ...jos, positions: [1] }
    expect(matchRows(rows, index, 'jose', poisoned).rows.map((r) => r.id)).toEqual([2])
    expect(matchRows(rows, index, 'jose', jos).rows.map((r) => r.id)).toEqual([1, 2])
    // A different search starts over.
    expect(matchRows(rows, index, 'ana', jos).rows.map((r) => r.id)).toEqual([3])
  })

  it('folds each row once and keeps the text with the row', () => {
    const again = searchIndex([rows[2], rows[0]], ['name'])
    expect(again).toEqual([index[2], index[0]])
  })
})
