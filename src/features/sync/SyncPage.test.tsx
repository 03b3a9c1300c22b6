import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SUBGROUPS } from '../../catalogs/test-catalogs'
import { type LocalDb, type OutboxEntry, openLocalDb } from '../../db/local-db'
import { currentSession, saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { createPatient, updatePatient } from '../../sync/mutators'
import { markRejected } from '../../sync/outbox'
import { createReading } from '../../sync/reading-mutators'
import { noteOfflineOpening } from '../../sync/record-opening-mutator'
import { aBloodPressure, aDevice, aPatient, aSyncedPatient, CURPS } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { signedInAs } from '../../test/session'
import { SyncPage } from './SyncPage'

describe('the sync screen', () => {
  afterEach(() => setCurrentEngine(null))

  it('lists a rejected change and discards it only with a reason, which is kept', async () => {
    const db = openLocalDb({ tenant: 'demo.localhost', userId: `u-${Math.random()}` })
    await db.outbox.add({
      mutationId: 'm1',
      userId: 'u1',
      tenant: 'demo.localhost',
      kind: 'reading.create',
      entity: 'reading',
      entityId: 'r1',
      method: 'POST',
      path: '/api/operation/patients/blood-pressure',
      body: { id: 'r1' },
      baseVersion: null,
      dependsOn: [],
      status: 'rejected',
      attempts: 1,
      nextAttemptAt: 0,
      lastError: 'La sistólica debe ser como máximo 250.',
      createdAt: '2026-11-22T10:00:00.000Z',
    })
    setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
    await renderWithI18n(<SyncPage />)
    expect(await screen.findByText('Rechazado')).toBeTruthy()
    expect(screen.getByText('El servidor lo rechazó: La sistólica debe ser como máximo 250.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }))
    const confirm = (await screen.findAllByRole('button', { name: 'Descartar' })).at(-1) as HTMLElement
    expect(confirm.hasAttribute('disabled')).toBe(true)
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'Lectura capturada dos veces' } })
    fireEvent.click(confirm)
    await waitFor(async () => expect(await db.outbox.count()).toBe(0))
    const [kept] = await db.rejections.toArray()
    expect(kept).toMatchObject({ mutationId: 'm1', reason: 'Lectura capturada dos veces' })
    expect(
      await screen.findByText('Todo lo registrado en este dispositivo ya llegó al servidor.'),
    ).toBeTruthy()
  })

  it('names each entry by what it is and whose, says in words why it waits, and counts its tries', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(
      db,
      ctx,
      aPatient({ name: 'Rosa Elena', last_name: 'Quintero', second_last_name: null }),
    )
    await createReading(db, ctx, 'blood-pressure', aBloodPressure(patient.id))
    const [create, reading] = await db.outbox.orderBy('seq').toArray()
    await db.outbox.update(create?.seq as number, { attempts: 1, lastError: 'network' })
    await db.outbox.update(reading?.seq as number, { attempts: 3, lastError: 'network' })
    setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
    await renderWithI18n(<SyncPage />)
    expect(await screen.findByText('Lectura de presión arterial de Rosa Elena Quintero')).toBeTruthy()
    expect(screen.getByText('Datos de Rosa Elena Quintero')).toBeTruthy()
    expect(screen.getAllByText('Sin conexión: se enviará al volver la red')).toHaveLength(2)
    expect(screen.queryByText('network')).toBeNull()
    expect(screen.getByText('1 intento')).toBeTruthy()
    expect(screen.getByText('3 intentos')).toBeTruthy()
  })

  it('says the same in English, plurals included', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(
      db,
      ctx,
      aPatient({ name: 'Rosa Elena', last_name: 'Quintero', second_last_name: null }),
    )
    await createReading(db, ctx, 'blood-pressure', aBloodPressure(patient.id))
    const [create, reading] = await db.outbox.orderBy('seq').toArray()
    await db.outbox.update(create?.seq as number, { attempts: 1, lastError: 'network' })
    await db.outbox.update(reading?.seq as number, { attempts: 3, lastError: 'network' })
    setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
    await renderWithI18n(<SyncPage />, 'en')
    expect(await screen.findByText('Blood pressure reading of Rosa Elena Quintero')).toBeTruthy()
    expect(screen.getAllByText('No connection: it will be sent when the network returns')).toHaveLength(2)
    expect(screen.getByText('1 attempt')).toBeTruthy()
    expect(screen.getByText('3 attempts')).toBeTruthy()
  })

  it.each([
    [
      'es',
      'Apertura del expediente de Rosa Elena Quintero',
      'Apertura del expediente digital de Rosa Elena Quintero',
    ],
    ['en', "Rosa Elena Quintero's record opened", "Rosa Elena Quintero's digital record opened"],
  ] as const)(
    'names which screen of the record was opened offline (%s), an older note meaning the digital record',
    async (language, patientRecord, digitalRecord) => {
      const { db, ctx } = aDevice()
      const patient = await createPatient(
        db,
        ctx,
        aPatient({ name: 'Rosa Elena', last_name: 'Quintero', second_last_name: null }),
      )
      await noteOfflineOpening(db, ctx, patient.id, 'patient-record')
      const older = await noteOfflineOpening(db, ctx, patient.id, 'digital-record')
      // A note queued before notes said their screen (decision 0038).
      await db.recordOpenings.update(older.id, { screen: undefined })
      setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
      await renderWithI18n(<SyncPage />, language)
      expect(await screen.findByText(patientRecord)).toBeTruthy()
      expect(screen.getByText(digitalRecord)).toBeTruthy()
    },
  )

  it('asks a person to look at a change the server has failed for more than a day', async () => {
    const db = openLocalDb({ tenant: 'demo.localhost', userId: `u-${Math.random()}` })
    const failing = await aRejectedReading(db)
    const day = 24 * 60 * 60_000
    await db.outbox.update(failing.seq as number, {
      status: 'pending',
      lastError: 'retry',
      failingSince: Date.now() - day - 1,
    })
    await db.outbox.add({
      ...failing,
      seq: undefined,
      mutationId: 'm3',
      entityId: 'r3',
      status: 'pending',
      failingSince: Date.now() - 60_000,
    })
    setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
    await renderWithI18n(<SyncPage />)
    const notices = await screen.findAllByText(/Requiere atención: el servidor lleva más de un día/)
    expect(notices).toHaveLength(1)
    expect(notices[0]?.closest('li')?.getAttribute('data-attention')).toBe('true')
  })

  it("resolves a conflict field by field, showing before, mine and the server's", async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    await updatePatient(db, ctx, server.id, { phone: '3398765432', address_other: 'Calle Morelos 8' })
    // What a 412 leaves behind: the entry in conflict, the server's copy as shadow, one row per field.
    const [entry] = await db.outbox.toArray()
    await db.outbox.update(entry?.seq as number, { status: 'conflict', lastError: 'version-mismatch' })
    const theirs = { ...server, phone: '3311112222', address_other: 'Calle Hidalgo 45', version: 4 }
    await db.shadows.put({ entity: 'patient', id: server.id, version: 4, data: theirs })
    const conflict = {
      entity: 'patient' as const,
      entityId: server.id,
      createdAt: '2026-11-22T10:00:00.000Z',
    }
    await db.conflicts.bulkAdd([
      { ...conflict, field: 'phone', base: '3312345678', mine: '3398765432', theirs: '3311112222' },
      {
        ...conflict,
        field: 'address_other',
        base: 'Av. Juárez 120, Col. Centro',
        mine: 'Calle Morelos 8',
        theirs: 'Calle Hidalgo 45',
      },
    ])
    setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
    await renderWithI18n(<SyncPage />)
    const table = await screen.findByRole('table', { name: 'Conflicto en María Guadalupe González Martínez' })
    expect(table.textContent).toContain('Teléfono')
    expect(table.textContent).toContain('3312345678')
    const apply = screen.getByRole('button', { name: 'Aplicar decisión' })
    expect(apply.hasAttribute('disabled')).toBe(true)
    fireEvent.click(screen.getByLabelText('Teléfono: conservar el mío (3398765432)'))
    expect(apply.hasAttribute('disabled')).toBe(true)
    fireEvent.click(screen.getByLabelText('Domicilio: usar el del servidor (Calle Hidalgo 45)'))
    fireEvent.click(apply)
    await waitFor(async () => expect(await db.conflicts.count()).toBe(0))
    expect(await db.outbox.toArray()).toMatchObject([
      { status: 'pending', baseVersion: 4, body: { phone: '3398765432' } },
    ])
    expect(await db.patients.get(server.id)).toMatchObject({ address_other: 'Calle Hidalgo 45' })
  })

  it('names a patient’s subgroups in a conflict row, an inactive subgroup’s item too', async () => {
    const { db, ctx } = aDevice()
    await db.catalogueEntries.bulkPut(SUBGROUPS)
    const [morning, night] = SUBGROUPS[0]?.items ?? []
    const north = SUBGROUPS[1]?.items[0]
    const server = await aSyncedPatient(db, ctx)
    await updatePatient(db, ctx, server.id, { subgroups: [morning?.id ?? ''] })
    const [entry] = await db.outbox.toArray()
    await db.outbox.update(entry?.seq as number, { status: 'conflict', lastError: 'version-mismatch' })
    await db.conflicts.add({
      entity: 'patient',
      entityId: server.id,
      createdAt: '2026-11-22T10:00:00.000Z',
      field: 'subgroups',
      base: [],
      mine: [morning?.id],
      theirs: [night?.id, north?.id],
    })
    setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
    await renderWithI18n(<SyncPage />)
    const table = await screen.findByRole('table', { name: 'Conflicto en María Guadalupe González Martínez' })
    await waitFor(() => expect(screen.getByLabelText('Subgrupos: conservar el mío (Matutino)')).toBeTruthy())
    expect(screen.getByLabelText('Subgrupos: usar el del servidor (Nocturno, Norte)')).toBeTruthy()
    expect(table.textContent).not.toContain(morning?.id)
  })

  it("corrects a rejected reading with the server's and the contract's messages, then queues it again", async () => {
    const db = openLocalDb({ tenant: 'demo.localhost', userId: `u-${Math.random()}` })
    const reading = await aRejectedReading(db)
    setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
    await renderWithI18n(<SyncPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Corregir' }))
    expect(await screen.findByText('Debe ser como máximo 250.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Diastólica (mmHg)'), { target: { value: '20' } })
    fireEvent.change(screen.getByLabelText('Sistólica (mmHg)'), { target: { value: '135' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y reenviar' }))
    expect(await screen.findByText('Debe ser al menos 40.')).toBeTruthy()
    expect((await db.outbox.get(reading.seq as number))?.status).toBe('rejected')
    fireEvent.change(screen.getByLabelText('Diastólica (mmHg)'), { target: { value: '85' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y reenviar' }))
    await waitFor(async () => expect((await db.outbox.get(reading.seq as number))?.status).toBe('pending'))
    expect((await db.outbox.get(reading.seq as number))?.body).toMatchObject({
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      systolic: 135,
      diastolic: 85,
    })
  })
})

describe('correcting a refused patient registration', () => {
  afterEach(() => setCurrentEngine(null))

  it('keeps its lists, hides its password, and sends the new CURP', async () => {
    const { db, ctx } = aDevice()
    const patient = await createPatient(
      db,
      ctx,
      aPatient({
        subgroups: ['0190a1b2-c3d4-7e5f-8a9b-000000000111'],
        blood_type: 'A+',
        email: 'lupita@correo.mx',
        password: 'Paciente#2026',
      }),
    )
    const [entry] = await db.outbox.toArray()
    if (!entry) throw new Error('no entry')
    // The server had that CURP already (another device registered her first).
    await markRejected(db, entry, 'Ya existe un paciente con esta CURP.', {
      curp: ['Ya existe un paciente con esta CURP.'],
    })
    setCurrentEngine({ db, loop: { kick() {} } } as unknown as SyncEngine)
    await renderWithI18n(<SyncPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Corregir' }))
    expect((screen.getByLabelText('Contraseña') as HTMLInputElement).type).toBe('password')
    fireEvent.change(screen.getByLabelText('CURP'), { target: { value: CURPS.juan } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y reenviar' }))
    await waitFor(async () => expect((await db.outbox.get(entry.seq as number))?.status).toBe('pending'))
    expect((await db.outbox.get(entry.seq as number))?.body).toMatchObject({
      curp: CURPS.juan,
      subgroups: ['0190a1b2-c3d4-7e5f-8a9b-000000000111'],
      blood_type: 'A+',
      password: 'Paciente#2026',
    })
    expect(await db.patients.get(patient.id)).not.toHaveProperty('password')
  })
})

/** A blood pressure reading typed as 350 mmHg, refused by the server with its field message. */
async function aRejectedReading(db: LocalDb): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    mutationId: 'm2',
    userId: 'u1',
    tenant: 'demo.localhost',
    kind: 'reading.create',
    entity: 'reading',
    entityId: 'r2',
    method: 'POST',
    path: '/api/operation/patients/blood-pressure',
    body: {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      patient_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
      taken_at: '2026-11-22T09:30:00.000Z',
      systolic: 350,
      diastolic: 85,
      heart_rate: null,
    },
    baseVersion: null,
    dependsOn: [],
    status: 'rejected',
    attempts: 1,
    nextAttemptAt: 0,
    lastError: 'Los datos no son válidos.',
    fieldErrors: { systolic: ['Debe ser como máximo 250.'] },
    createdAt: '2026-11-22T09:30:00.000Z',
  }
  entry.seq = await db.outbox.add(entry)
  return entry
}

describe('the sync screen on the provider host', () => {
  afterEach(() => saveSession(null))

  it('says there is nothing to sync instead of waiting for a device database', async () => {
    signedInAs([])
    const session = currentSession()
    if (session) saveSession({ ...session, host: 'admin.localhost', isLandlord: true })
    await renderWithI18n(<SyncPage />)
    expect(screen.getByRole('heading', { name: 'Sincronización' })).toBeTruthy()
    expect(
      screen.getByText(
        'El proveedor no guarda datos de las clínicas en este dispositivo: no hay nada que sincronizar.',
      ),
    ).toBeTruthy()
  })
})
