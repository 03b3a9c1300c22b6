import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type LocalDb, type LocalPatient, openLocalDb } from '../../db/local-db'
import type { RowLabels } from './patient-rows'
import { type PatientList, SLICE, usePatientList } from './use-patient-list'

const labels: RowLabels = { status: (code) => code, state: (state) => state }

/** More patients than one slice holds, stored in no particular order, some with the same name. */
const COUNT = SLICE * 2 + 37
const stored = (i: number): LocalPatient => ({
  id: `p-${String((i * 7919) % COUNT).padStart(5, '0')}`,
  name: i % 3 === 0 ? 'Ñeco' : `Nombre ${String(i % 1000).padStart(3, '0')}`,
  last_name: i % 2 === 0 ? 'Álvarez' : 'Zúñiga',
  version: 1,
  syncState: 'synced',
  deleted_at: i === 5 ? '2026-11-22T10:00:00.000Z' : null,
})

describe('the patient list’s data', () => {
  let db: LocalDb
  afterEach(async () => {
    db.close()
    await db.delete()
  })

  it('gives the first rows and the count from the index, then every row in the list’s order, and follows changes', async () => {
    db = openLocalDb({ tenant: 'demo', userId: 'list-reader' })
    await db.patients.bulkAdd(Array.from({ length: COUNT }, (_, i) => stored(i)))
    const listed = COUNT - 1
    const { result } = renderHook(({ labels }) => usePatientList(db, labels), { initialProps: { labels } })

    await waitFor(() => expect(result.current?.complete).toBe(true))
    const rows = result.current?.rows ?? []
    expect(result.current?.total).toBe(listed)
    expect(rows).toHaveLength(listed)
    // In the index's order: by sort name, then id; none repeated across slices, the deleted left out.
    const keys = rows.map((row) => `${row.sortName}\u0000${row.id}`)
    expect(keys).toEqual([...keys].sort())
    expect(new Set(rows.map((row) => row.id)).size).toBe(listed)
    expect(rows.some((row) => row.deleted_at)).toBe(false)
    expect(rows[0]?.full_name).toBe('Nombre 000 Álvarez')
    expect(rows.at(-1)?.full_name).toBe('Ñeco Zúñiga')

    // A write reads them again, keeping the rows of the patients it did not touch.
    await db.patients.update(rows[0]?.id as string, { name: 'Zoé' })
    await waitFor(() => expect(result.current?.rows.at(-1)?.full_name).toBe('Zoé Álvarez'))
    expect(result.current?.rows[1]).toBe(rows[2])
    // So does a write that leaves the name as it was (an acknowledgement: pending → synced).
    const acknowledged = rows[5]?.id as string
    await db.patients.update(acknowledged, { syncState: 'pending' })
    await waitFor(() =>
      expect(result.current?.rows.find((row) => row.id === acknowledged)?.syncState).toBe('pending'),
    )
  })

  it('counts every patient before it has read them all', async () => {
    db = openLocalDb({ tenant: 'demo', userId: 'list-head' })
    await db.patients.bulkAdd(Array.from({ length: COUNT }, (_, i) => stored(i)))
    const answers: PatientList[] = []
    const { result } = renderHook(() => {
      const list = usePatientList(db, labels)
      if (list && answers.at(-1) !== list) answers.push(list)
      return list
    })
    await waitFor(() => expect(result.current?.complete).toBe(true))
    // The first answer is the head: a hundred rows (the largest page) and the whole count.
    expect(answers[0]?.complete).toBe(false)
    expect(answers[0]?.rows).toHaveLength(100)
    expect(answers[0]?.total).toBe(COUNT - 1)
  })
})
