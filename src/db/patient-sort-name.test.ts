import { describe, expect, it } from 'vitest'
import { sortRows } from '../ui/data-table/local-rows'
import { fullName, patientSortName } from './patient-sort-name'

const GIVEN = [
  'José',
  'María José',
  'Ángel',
  'Íñigo',
  'Ana',
  'ana',
  'Nuria',
  'Ñuño',
  'Oscar',
  'Úrsula',
  'Zoé',
]
const LAST = [
  'Núñez',
  'Nuñez',
  'Nunez',
  'Nava',
  'Ñique',
  'Olvera',
  'De la Cruz',
  'del Río',
  "O'Farrill",
  'Pérez-Gil',
]

const people = GIVEN.flatMap((name, i) =>
  LAST.map((last_name, j) => ({
    id: `${i}-${j}`,
    name,
    last_name,
    second_last_name: LAST[(i + j) % LAST.length],
  })),
)

/** The key order IndexedDB gives: plain code-unit comparison, ties by id as in an index. */
const byKey = (a: { key: string; id: string }, b: { key: string; id: string }) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

describe('the patient index’s sort name', () => {
  it('orders as the patients table orders full names (Spanish, no case, no accents, ñ after n)', () => {
    const rows = people.map((p) => ({ ...p, full_name: fullName(p), key: patientSortName(p) }))
    const indexOrder = [...rows].sort(byKey)
    // The table's own sort (a stable one, with the Spanish collator) over rows read in index order.
    const tableOrder = sortRows(indexOrder, 'full_name', 'asc')
    expect(tableOrder.map((r) => r.id)).toEqual(indexOrder.map((r) => r.id))
  })

  it('puts ñ between n and o, and ignores case and accents', () => {
    expect(patientSortName({ name: 'Ñuño' }) > patientSortName({ name: 'Nuzo' })).toBe(true)
    expect(patientSortName({ name: 'Ñuño' }) < patientSortName({ name: 'Oscar' })).toBe(true)
    expect(patientSortName({ name: 'ÁNGEL', last_name: 'Pérez' })).toBe(
      patientSortName({ name: 'angel', last_name: 'perez' }),
    )
    // A decomposed ñ (n and a combining tilde) is the same letter.
    expect(patientSortName({ name: 'N\u0303uño' })).toBe(patientSortName({ name: 'Ñuño' }))
  })

  it('puts a patient with no name last', () => {
    expect(patientSortName({}) > patientSortName({ name: 'Zoé' })).toBe(true)
    expect(fullName({ name: 'Ana', last_name: '', second_last_name: null })).toBe('Ana')
  })
})
