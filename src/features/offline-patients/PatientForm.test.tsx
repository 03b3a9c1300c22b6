import { fireEvent, screen, waitFor } from '@testing-library/react'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../session/session-store'
import { aDevice, aPatient, aSyncedPatient } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { PatientForm } from './PatientForm'

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('the patient form on the device', () => {
  beforeEach(() =>
    saveSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 3_600_000,
      user: {
        uuid: 'nurse-7',
        name: 'Rosa',
        last_name: 'Ibarra',
        email: 'nurse@demo.localhost',
        employee_number: null,
        photo_url: null,
        role: null,
        permissions: ['patients-create', 'patients-edit'],
        patient_id: null,
      },
      host: 'demo.localhost',
      isLandlord: false,
      routeRedirect: '/patients',
      passwordExpired: false,
      noticePending: false,
      menus: null,
    }),
  )
  afterEach(() => {
    saveSession(null)
    vi.restoreAllMocks()
  })

  it('queues only the fields an edit changed', async () => {
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    const onDone = vi.fn()
    const row = await db.patients.get(server.id)
    if (!row) throw new Error('patient not cached')
    await renderWithI18n(<PatientForm db={db} patient={row} onDone={onDone} />)
    expect((screen.getByLabelText('Fecha de nacimiento') as HTMLInputElement).value).toBe('1985/03/17')
    fill('Teléfono', '3398765432')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ kind: 'patient.update', body: { phone: '3398765432' }, baseVersion: 3 })
  })

  it('tells the user the device is full and keeps neither the patient nor its entry', async () => {
    const { db } = aDevice()
    // The disk fills up as the outbox entry is written, after the row: the transaction must undo both.
    vi.spyOn(db.outbox, 'add').mockRejectedValue(new Dexie.QuotaExceededError('The quota has been exceeded.'))
    const onDone = vi.fn()
    await renderWithI18n(<PatientForm db={db} onDone={onDone} />)
    const patient = aPatient()
    fill('Nombre', patient.name)
    fill('Apellido paterno', patient.last_name)
    fill('Fecha de nacimiento', '1985/03/17')
    fill('CURP', patient.curp)
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(
      await screen.findByText(
        'No hay espacio en este dispositivo y no se guardó nada. Libera espacio y vuelve a intentarlo.',
      ),
    ).toBeTruthy()
    expect(onDone).not.toHaveBeenCalled()
    expect(await db.patients.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})
