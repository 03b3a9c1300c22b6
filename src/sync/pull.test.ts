import { describe, expect, it, vi } from 'vitest'
import type { LocalDb } from '../db/local-db'
import { createPatient, updatePatient } from './mutators'
import {
  applyChanges,
  CURSOR_KEY,
  type FeedChange,
  type FeedPage,
  PAGE_SIZE,
  pullAll,
  storedCursor,
  WRITE_SLICE,
} from './pull'
import { createSyncLoop } from './sync-loop'
import { aDevice, aPatient, CURPS, pendingEntries, scriptedTransport } from './test-fixtures'

const GUADALUPE = '0193a7f2-5b1e-7c3d-8e4f-000000000001'
const JUAN = '0193a7f2-5b1e-7c3d-8e4f-000000000002'

const patientChange = (id: string, version: number, data: Record<string, unknown> = {}): FeedChange => ({
  entity: 'patient',
  id,
  op: 'upsert',
  version,
  data: { id, ...aPatient(), version, ...data },
})

const page = (changes: FeedChange[], cursor: string | null, hasMore = false): FeedPage => ({
  changes,
  cursor,
  hasMore,
  reset: false,
})

/** A patient the server holds at version 3, with a phone edit still queued on the device. */
async function anUnsentEdit(db: LocalDb, ctx: { userId: string; tenant: string }) {
  const patient = await createPatient(db, ctx, aPatient())
  await db.outbox.clear()
  const { syncState: _state, ...data } = patient
  await db.patients.put({ ...patient, version: 3, syncState: 'synced' })
  await db.shadows.put({ entity: 'patient', id: patient.id, version: 3, data: { ...data, version: 3 } })
  await updatePatient(db, ctx, patient.id, { phone: '3398765432' })
  return patient.id
}

describe('applying a page of the change feed', () => {
  it('hands a page bigger than a write slice over in slices and stores every row, in the list’s order', async () => {
    const { db } = aDevice()
    const count = WRITE_SLICE * 2 + 17
    const id = (i: number) => `0193a7f2-5b1e-7c3d-8e4f-${String(i).padStart(12, '0')}`
    const changes = Array.from({ length: count }, (_, i) =>
      patientChange(id(i), 1, { name: `Paciente ${String(count - i).padStart(4, '0')}` }),
    )
    expect(await applyChanges(db, page(changes, '1.900'))).toBe(count)
    expect(await db.patients.count()).toBe(count)
    const listed = await db.patients.orderBy('[sortName+id]').limit(2).toArray()
    expect(listed.map((p) => p.name)).toEqual(['Paciente 0001', 'Paciente 0002'])
    expect(await storedCursor(db)).toBe('1.900')
  })

  it('stores rows as synced, without a shadow until a local edit, and remembers the cursor', async () => {
    const { db } = aDevice()
    const applied = await applyChanges(
      db,
      page([patientChange(GUADALUPE, 1), patientChange(JUAN, 2)], '1.20'),
    )
    expect(applied).toBe(2)
    expect(await db.patients.get(JUAN)).toMatchObject({
      version: 2,
      syncState: 'synced',
      name: 'María Guadalupe',
    })
    // A record with nothing queued is its own server copy: an initial sync writes it once.
    expect(await db.shadows.count()).toBe(0)
    expect(await storedCursor(db)).toBe('1.20')
  })

  it('files readings under their kind', async () => {
    const { db } = aDevice()
    const reading = (
      entity: FeedChange['entity'],
      id: string,
      data: Record<string, unknown>,
    ): FeedChange => ({
      entity,
      id,
      op: 'upsert',
      version: 1,
      data: { id, patient_id: GUADALUPE, taken_at: '2026-11-22T09:30:00.000Z', ...data },
    })
    await applyChanges(
      db,
      page(
        [
          reading('blood-pressure', 'r1', { systolic: 128, diastolic: 82 }),
          reading('glucose', 'r2', { glucose: 104 }),
          reading('reading', 'r3', { kind: 'glucose', glucose: 96 }),
        ],
        '1.3',
      ),
    )
    expect((await db.readings.where('patient_id').equals(GUADALUPE).toArray()).map((r) => r.kind)).toEqual([
      'blood-pressure',
      'glucose',
      'glucose',
    ])
  })

  it('passes over a kind this version keeps no table for, never filing it as a reading', async () => {
    const { db } = aDevice()
    // A server module whose device part comes in a later version (its Dexie version re-pulls):
    // a kind the types of this version do not name, as the network may bring it.
    const exam: FeedChange = {
      entity: 'a-later-module' as FeedChange['entity'],
      id: 'e1',
      op: 'upsert',
      version: 1,
      data: { id: 'e1', patient_id: GUADALUPE, examined_on: '2026-11-20' },
    }
    expect(await applyChanges(db, page([exam, patientChange(GUADALUPE, 1)], '1.2'))).toBe(1)
    expect(await db.readings.count()).toBe(0)
    expect(await db.patients.get(GUADALUPE)).toBeDefined()
    expect(await storedCursor(db)).toBe('1.2')
  })

  it('never overwrites a row with queued changes, but moves its shadow', async () => {
    const { db, ctx } = aDevice()
    const id = await anUnsentEdit(db, ctx)
    await applyChanges(db, page([patientChange(id, 4, { address_other: 'Calle Hidalgo 45' })], '1.4'))
    expect(await db.patients.get(id)).toMatchObject({ phone: '3398765432', version: 3, syncState: 'pending' })
    expect(await db.shadows.get(['patient', id])).toMatchObject({
      version: 4,
      data: expect.objectContaining({ address_other: 'Calle Hidalgo 45' }),
    })
  })

  it('lets the row follow the server once the queued change is acknowledged', async () => {
    const { db, ctx } = aDevice()
    const id = await anUnsentEdit(db, ctx)
    await applyChanges(db, page([patientChange(id, 4, { address_other: 'Calle Hidalgo 45' })], '1.4'))
    const [entry] = await pendingEntries(db)
    const current = { id, ...aPatient(), address_other: 'Calle Hidalgo 45', version: 4 }
    const transport = scriptedTransport([
      { kind: 'version-mismatch', current },
      { kind: 'ok', record: { ...current, phone: '3398765432', version: 5 } },
    ])
    const loop = createSyncLoop({
      db,
      transport,
      refreshSession: async () => true,
      onAuthLost: vi.fn(),
      locks: null,
    })
    await loop.runOnce()
    expect(transport.sent[1]).toMatchObject({ mutationId: entry?.mutationId, baseVersion: 4 })
    expect(await db.patients.get(id)).toMatchObject({
      phone: '3398765432',
      address_other: 'Calle Hidalgo 45',
      version: 5,
      syncState: 'synced',
    })
  })

  it('keeps vaccination records with the rest of the page', async () => {
    const { db } = aDevice()
    const record: FeedChange = {
      entity: 'vaccination-record',
      id: JUAN,
      op: 'upsert',
      version: 2,
      data: {
        id: JUAN,
        patient_id: GUADALUPE,
        vaccine_id: GUADALUPE,
        dose_number: 1,
        applied_on: '2026-10-01',
      },
    }
    expect(await applyChanges(db, page([record, patientChange(GUADALUPE, 1)], '1.5'))).toBe(2)
    expect(await db.patients.count()).toBe(1)
    expect(await db.vaccinationRecords.get(JUAN)).toMatchObject({
      patient_id: GUADALUPE,
      dose_number: 1,
      version: 2,
      syncState: 'synced',
    })
    expect(await storedCursor(db)).toBe('1.5')
    await applyChanges(db, page([{ ...record, op: 'delete', version: 3, data: null }], '1.6'))
    expect(await db.vaccinationRecords.count()).toBe(0)
  })

  it('keeps periodic and admission exams from the feed in their own tables', async () => {
    const { db } = aDevice()
    const exam = {
      entity: 'periodic-exam' as const,
      id: JUAN,
      op: 'upsert' as const,
      version: 3,
      data: {
        id: JUAN,
        patient_id: GUADALUPE,
        examined_on: '2026-11-20',
        condition: 'compliant',
        clinical_exams: [],
      },
    }
    const admission = {
      entity: 'admission-exam' as const,
      id: GUADALUPE,
      op: 'upsert' as const,
      version: 1,
      data: { id: GUADALUPE, patient_id: JUAN, examined_on: '2026-11-19', result: null, treatments: [] },
    }
    expect(await applyChanges(db, page([exam, admission], '1.7'))).toBe(2)
    expect(await db.periodicExams.get(JUAN)).toMatchObject({
      condition: 'compliant',
      version: 3,
      syncState: 'synced',
    })
    expect(await db.admissionExams.get(GUADALUPE)).toMatchObject({ patient_id: JUAN, version: 1 })
    expect(await db.readings.count()).toBe(0)
    await applyChanges(db, page([{ ...exam, op: 'delete', version: 4, data: null }], '1.8'))
    expect(await db.periodicExams.count()).toBe(0)
  })

  it('keeps the four medical reports with their amendments in their own tables', async () => {
    const { db } = aDevice()
    const amendment = {
      id: 'a1',
      version: 2,
      amended_at: '2026-11-24T16:00:00.000Z',
      amended_by: { id: 'doctor-1', name: 'Leticia Campos' },
      changes: { plan: { before: null, after: 'Pausas activas' } },
    }
    const report = (entity: FeedChange['entity'], id: string, data: Record<string, unknown>): FeedChange => ({
      entity,
      id,
      op: 'upsert',
      version: 2,
      data: { id, patient_id: GUADALUPE, amendments: [], ...data },
    })
    const ids = ['0193a7f2-0000-7000-8000-0000000000a1', '0193a7f2-0000-7000-8000-0000000000a2']
    const [history, certificate] = ids as [string, string]
    const changes = [
      report('short-history', history, { recorded_on: '2026-11-23', amendments: [amendment] }),
      report('health-certificate', certificate, { issued_on: '2026-11-23', result: 'fit' }),
      report('disability', JUAN, { start_date: '2026-11-02', end_date: '2026-11-15', type_name: 'Riesgo' }),
      report('incident-report', GUADALUPE, { occurred_on: '2026-11-02', disability_id: JUAN }),
    ]
    expect(await applyChanges(db, page(changes, '1.9'))).toBe(4)
    expect(await db.shortHistories.get(history)).toMatchObject({
      amendments: [amendment],
      version: 2,
      syncState: 'synced',
    })
    expect(await db.healthCertificates.get(certificate)).toMatchObject({ result: 'fit' })
    expect(await db.disabilities.where('start_date').equals('2026-11-02').count()).toBe(1)
    expect(await db.incidentReports.where('disability_id').equals(JUAN).count()).toBe(1)
    expect(await db.readings.count()).toBe(0)
    await applyChanges(
      db,
      page([{ ...(changes[2] as FeedChange), op: 'delete', version: 3, data: null }], '2.0'),
    )
    expect(await db.disabilities.count()).toBe(0)
  })

  it('ignores a version older than the one already held', async () => {
    const { db } = aDevice()
    await applyChanges(db, page([patientChange(GUADALUPE, 5, { phone: '3398765432' })], '1.5'))
    await applyChanges(db, page([patientChange(GUADALUPE, 4, { phone: '3300000000' })], '1.6'))
    expect(await db.patients.get(GUADALUPE)).toMatchObject({ version: 5, phone: '3398765432' })
    expect(await storedCursor(db)).toBe('1.6')
  })

  it('removes a deleted row, and keeps one with queued changes as a tombstone', async () => {
    const { db, ctx } = aDevice()
    const id = await anUnsentEdit(db, ctx)
    await applyChanges(db, page([patientChange(GUADALUPE, 1)], '1.1'))
    const deleted = { deleted_at: '2026-11-22T11:00:00.000Z' }
    await applyChanges(
      db,
      page(
        [
          { entity: 'patient', id: GUADALUPE, op: 'delete', version: 2, data: null },
          { entity: 'patient', id, op: 'delete', version: 4, data: deleted },
        ],
        '1.2',
      ),
    )
    expect(await db.patients.get(GUADALUPE)).toBeUndefined()
    expect(await db.shadows.get(['patient', GUADALUPE])).toBeUndefined()
    expect(await db.patients.get(id)).toMatchObject({ ...deleted, phone: '3398765432', syncState: 'pending' })
    expect(await db.outbox.count()).toBe(1)
  })

  it('applies a record that appears twice in one page in feed order', async () => {
    const { db } = aDevice()
    const applied = await applyChanges(
      db,
      page(
        [
          patientChange(GUADALUPE, 2, { phone: '3398765432' }),
          patientChange(GUADALUPE, 1, { phone: '3300000000' }),
          patientChange(JUAN, 1),
          { entity: 'patient', id: JUAN, op: 'delete', version: 2, data: null },
        ],
        '1.4',
      ),
    )
    expect(applied).toBe(3)
    expect(await db.patients.get(GUADALUPE)).toMatchObject({ version: 2, phone: '3398765432' })
    expect(await db.patients.get(JUAN)).toBeUndefined()
    expect(await db.shadows.get(['patient', JUAN])).toBeUndefined()
  })
})

describe('pulling everything', () => {
  it('pulls pages of about a thousand until there is no more', async () => {
    const { db } = aDevice()
    const fetchPage = vi.fn(async (cursor: string | null, limit: number) => {
      expect(limit).toBe(PAGE_SIZE)
      if (cursor === null) return page([patientChange(GUADALUPE, 1)], '1.1', true)
      return page([patientChange(JUAN, 1)], '1.2', false)
    })
    const progress = vi.fn()
    expect(await pullAll(db, fetchPage, progress)).toBe(2)
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, '1.1'])
    expect(progress).toHaveBeenLastCalledWith({ applied: 2, hasMore: false })
    expect(await db.patients.count()).toBe(2)
  })

  it('asks for the next page while it writes the one it has', async () => {
    const { db } = aDevice()
    const events: string[] = []
    const fetchPage = async (cursor: string | null) => {
      events.push(`fetch ${cursor}`)
      return cursor === null ? page([patientChange(GUADALUPE, 1)], '1.1', true) : page([], '1.1')
    }
    await pullAll(db, fetchPage, ({ applied }) => events.push(`applied ${applied}`))
    expect(events).toEqual(['fetch null', 'fetch 1.1', 'applied 1', 'applied 1'])
  })

  it('resumes from the stored cursor after an interruption', async () => {
    const { db } = aDevice()
    const failing = vi.fn(async (cursor: string | null) => {
      if (cursor === null) return page([patientChange(GUADALUPE, 1)], '1.1', true)
      throw new TypeError('Failed to fetch')
    })
    await expect(pullAll(db, failing)).rejects.toThrow('Failed to fetch')
    const resumed = vi.fn(async () => page([patientChange(JUAN, 1)], '1.2'))
    await pullAll(db, resumed)
    expect(resumed).toHaveBeenCalledWith('1.1', PAGE_SIZE)
    expect(await db.patients.count()).toBe(2)
  })

  it('on reset drops the synced cache, keeps unsent work and the outbox, and starts over', async () => {
    const { db, ctx } = aDevice()
    const unsent = await anUnsentEdit(db, ctx)
    const fresh = await createPatient(db, ctx, aPatient({ name: 'Juan', curp: CURPS.juan }))
    await applyChanges(db, page([patientChange(GUADALUPE, 1), patientChange(JUAN, 1)], '1.9'))
    const outbox = await pendingEntries(db)
    const fetchPage = vi.fn(async (cursor: string | null) =>
      cursor === '1.9' ? { ...page([], null), reset: true } : page([patientChange(JUAN, 2)], '2.1'),
    )
    await pullAll(db, fetchPage)
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual(['1.9', null])
    expect(await pendingEntries(db)).toEqual(outbox)
    expect((await db.patients.toArray()).map((p) => p.id).sort()).toEqual([unsent, fresh.id, JUAN].sort())
    expect(await db.shadows.get(['patient', unsent])).toBeDefined()
    expect(await db.shadows.get(['patient', GUADALUPE])).toBeUndefined()
    expect(await db.meta.get(CURSOR_KEY)).toEqual({ key: CURSOR_KEY, value: '2.1' })
  })

  it('refuses to loop when the server asks to reset a pull from the start', async () => {
    const { db } = aDevice()
    await expect(pullAll(db, async () => ({ ...page([], null), reset: true }))).rejects.toThrow(/reset/)
  })
})
