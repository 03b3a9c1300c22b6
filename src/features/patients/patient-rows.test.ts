import { describe, expect, it } from 'vitest'
import {
  applyFilters,
  type CachedPatient,
  emptyRowCache,
  filterChoices,
  type PatientFilterValues,
  patientRows,
  type RowLabels,
  updateRows,
} from './patient-rows'

const labels: RowLabels = {
  status: (code) => ({ active: 'Activo', inactive: 'Inactivo' })[code] ?? code,
  state: (state) => (state === 'pending' ? 'Por enviar' : 'Sincronizado'),
}

const read = (): CachedPatient[] => [
  {
    id: 'a',
    name: 'Ana',
    last_name: 'Ruiz',
    administrative_status: 'active',
    subgroups: ['Planta 2'],
    special_sublabel_ids: ['s-pregnant'],
    assigned_user_ids: ['u1', 'u2'],
    assigned_user_names: ['Ricardo Salinas', 'Lucía Mendoza'],
    syncState: 'synced',
  },
  {
    id: 'b',
    name: 'Luis',
    last_name: 'Mora',
    second_last_name: 'Gil',
    administrative_status: 'inactive',
    syncState: 'pending',
  },
]

describe('the patients table’s rows', () => {
  it('name each patient in full, with the status’s and sync state’s words', () => {
    const [ana, luis] = patientRows(read(), labels)
    expect(ana).toMatchObject({
      full_name: 'Ana Ruiz',
      administrative_status_label: 'Activo',
      subgroups_label: 'Planta 2',
      assigned_label: 'Ricardo Salinas, Lucía Mendoza',
    })
    expect(luis).toMatchObject({
      full_name: 'Luis Mora Gil',
      state_label: 'Por enviar',
      subgroups_label: '',
      assigned_label: '',
    })
  })

  it('offer as filters the values the patients hold, and keep the rows holding every chosen one', () => {
    const rows = patientRows(read(), labels)
    expect(filterChoices(rows)).toEqual({
      administrativeStatuses: ['active', 'inactive'],
      subgroups: ['Planta 2'],
      professionals: [
        { value: 'u2', label: 'Lucía Mendoza' },
        { value: 'u1', label: 'Ricardo Salinas' },
      ],
    })
    const none: PatientFilterValues = {
      administrative_status: null,
      subgroup: null,
      special_sublabel: null,
      assigned_to: null,
    }
    const ids = (filters: Partial<typeof none>) =>
      applyFilters(rows, { ...none, ...filters }).map((r) => r.id)
    expect(ids({ administrative_status: 'active' })).toEqual(['a'])
    expect(ids({ special_sublabel: 's-pregnant' })).toEqual(['a'])
    expect(ids({ special_sublabel: 's-other' })).toEqual([])
    expect(ids({ administrative_status: 'inactive', subgroup: 'Planta 2' })).toEqual([])
    expect(ids({ assigned_to: 'u2' })).toEqual(['a'])
    expect(ids({ assigned_to: 'none' })).toEqual(['b'])
    expect(ids({ assigned_to: 'u1', subgroup: 'Planta 2' })).toEqual(['a'])
  })

  it('are kept from one read of the cache to the next for the patients that did not change', () => {
    const cache = emptyRowCache<CachedPatient>()
    const first = updateRows(cache, read(), labels)
    // A new read with the same content (new objects, new arrays): the very same rows.
    expect(updateRows(cache, read(), labels)).toBe(first)
    const changed = read().map((p) => (p.id === 'b' ? { ...p, name: 'Luisa' } : p))
    const second = updateRows(cache, changed, labels)
    expect(second).not.toBe(first)
    expect(second[0]).toBe(first[0])
    expect(second[1]?.full_name).toBe('Luisa Mora Gil')
    // Other labels (another language) make every row again.
    const english = { ...labels, state: () => 'Synced' }
    expect(updateRows(cache, changed, english)[0]).not.toBe(first[0])
  })

  it('drop the patients that left the cache', () => {
    const cache = emptyRowCache<CachedPatient>()
    updateRows(cache, read(), labels)
    expect(updateRows(cache, read().slice(1), labels).map((r) => r.id)).toEqual(['b'])
  })
})
