import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DISABLED_INPUTS_KEY } from '../../catalogs/disabled-inputs'
import type { LocalDb } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { aDevice, aSyncedPatient, pendingEntries } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { signedInAs } from '../../test/session'
import { PatientProfilePage } from './PatientProfilePage'

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** The signed-in patient on a device whose engine holds `db` (no network: the outbox keeps it). */
function signInAs(db: LocalDb, patientId: string | null) {
  signedInAs(['patient-home', 'patient-profile-edit'], { uuid: 'patient-1', patient_id: patientId })
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
  return loop
}

describe('edit my profile (patient mode)', { timeout: 20_000 }, () => {
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
  })

  it('shows the own contact data and queues only what changed, offline', async () => {
    const { db, ctx } = aDevice('patient-1')
    const own = await aSyncedPatient(db, ctx)
    const loop = signInAs(db, own.id)
    await renderWithI18n(<PatientProfilePage />)
    expect(await screen.findByLabelText('Teléfono')).toHaveProperty('value', '3312345678')
    fill('Nombre del contacto', 'Rosa Pérez')
    fill('Parentesco', 'mother')
    fill('Teléfono del contacto', '5587654321')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(async () => expect(await pendingEntries(db)).toHaveLength(1))
    const [entry] = await pendingEntries(db)
    expect(entry).toMatchObject({
      kind: 'patientProfile.update',
      path: '/api/operation/patient-profile',
      body: {
        emergency_contact_name: 'Rosa Pérez',
        emergency_contact_relationship: 'mother',
        emergency_contact_phone: '5587654321',
      },
    })
    expect(Object.keys(entry?.body ?? {})).not.toContain('phone')
    expect(await db.patients.get(own.id)).toMatchObject({ emergency_contact_name: 'Rosa Pérez' })
    expect(loop.kick).toHaveBeenCalled()
    // Identity is not offered.
    expect(screen.queryByLabelText(/CURP/)).toBeNull()
  })

  it('hides the inputs the tenant switched off in the patient form, keeping their values', async () => {
    const { db, ctx } = aDevice('patient-1')
    const own = await aSyncedPatient(db, ctx)
    signInAs(db, own.id)
    await db.meta.put({
      key: DISABLED_INPUTS_KEY,
      value: ['patient.phone', 'patient.emergency_contact_phone'],
    })
    await renderWithI18n(<PatientProfilePage />)
    await screen.findByLabelText('Nombre del contacto')
    await waitFor(() => expect(screen.queryByLabelText('Teléfono')).toBeNull())
    fill('Nombre del contacto', 'Rosa Pérez')
    expect(screen.queryByLabelText('Teléfono del contacto')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(async () => expect(await pendingEntries(db)).toHaveLength(1))
    const [entry] = await pendingEntries(db)
    expect(entry?.body).toEqual({ emergency_contact_name: 'Rosa Pérez' })
    expect((await db.patients.get(own.id))?.phone).toBe('3312345678')
  })

  it('explains a bad phone and queues nothing', async () => {
    const { db, ctx } = aDevice('patient-1')
    const own = await aSyncedPatient(db, ctx)
    signInAs(db, own.id)
    await renderWithI18n(<PatientProfilePage />)
    await screen.findByLabelText('Teléfono')
    fill('Teléfono', '55-12')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(
      await screen.findByText('El teléfono debe tener de 10 a 15 dígitos, sin caracteres especiales.'),
    ).toBeTruthy()
    expect(await db.outbox.count()).toBe(0)
  })

  it('tells an account with no patient record that there is no profile to edit', async () => {
    const { db } = aDevice('patient-1')
    signInAs(db, null)
    await renderWithI18n(<PatientProfilePage />)
    expect(screen.getByText('Tu cuenta no está vinculada a un expediente de paciente.')).toBeTruthy()
  })

  it('asks to sync when the own record has not reached the device yet', async () => {
    const { db } = aDevice('patient-1')
    signInAs(db, '0193a1b2-0000-7000-8000-000000000001')
    await renderWithI18n(<PatientProfilePage />)
    expect(await screen.findByText(/Tu expediente aún no está en este dispositivo/)).toBeTruthy()
  })
})
