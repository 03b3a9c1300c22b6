import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LocalReading } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { aDevice } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { signedInAs } from '../../test/session'
import { chooseUnits } from '../../ui/unit-preference'
import { ReadingEntryForm } from './ReadingEntryForm'
import { ReadingLog } from './ReadingLog'

const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-000000000001'

const aSomatometry = (): LocalReading => ({
  id: '0193a7f2-5b1e-7c3d-8e4f-0000000000a1',
  patient_id: PATIENT,
  kind: 'somatometry',
  taken_at: '2026-11-20T15:04:05.678Z',
  weight_kg: 70.04,
  height_m: 1.75,
  waist_cm: null,
  hip_cm: null,
  temperature_c: null,
  oximetry: null,
  heart_rate: null,
  respiratory_rate: null,
  note: null,
  version: 3,
  syncState: 'synced',
})

describe('self-tracking on the device', () => {
  beforeEach(() =>
    signedInAs(['patient-home', 'patient-somatometry'], { uuid: 'patient-1', patient_id: PATIENT }),
  )
  afterEach(() => saveSession(null))

  it('refuses a weight beyond 661.3 lb, naming the range in lb, and stores the edge inside the SI range', async () => {
    const { db } = aDevice()
    await renderWithI18n(<ReadingEntryForm db={db} kind="somatometry" patientId={PATIENT} />)
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Unidad de peso' })).getByRole('button', { name: 'lb' }),
    )
    const weight = await screen.findByLabelText('Peso (lb)')
    fireEvent.change(weight, { target: { value: '661.4' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('El peso debe estar entre 2.2 y 661.3 lb')).toBeTruthy()
    expect(await db.outbox.count()).toBe(0)

    fireEvent.change(weight, { target: { value: '661.3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(async () => expect(await db.outbox.count()).toBe(1))
    const [entry] = await db.outbox.toArray()
    expect(entry?.kind).toBe('reading.create')
    expect(entry?.body.patient_id).toBe(PATIENT)
    expect(entry?.body.weight_kg).toBeCloseTo(299.96, 2)
    expect(await db.readings.count()).toBe(1)
  })

  it('amends an entry of the log with only the field that changed, a weight left in lb untouched', async () => {
    const { db } = aDevice()
    const reading = aSomatometry()
    await db.readings.add(reading)
    chooseUnits({ weight: 'lb', height: 'ft', temperature: 'c' })
    await renderWithI18n(<ReadingLog db={db} readings={[reading]} />)
    expect(screen.getByRole('listitem').textContent).toContain('154.4 lb · 5.74 ft')
    fireEvent.click(screen.getByRole('button', { name: /^Editar/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar: Somatometría' })
    expect((within(dialog).getByLabelText('Peso (lb)') as HTMLInputElement).value).toBe('154.4')
    fireEvent.change(within(dialog).getByLabelText('Cintura (cm) (opcional)'), { target: { value: '82' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({
      kind: 'reading.update',
      method: 'PUT',
      baseVersion: 3,
      body: { waist_cm: 82 },
    })
    expect(Object.keys(entry?.body ?? {})).toEqual(['waist_cm'])
    expect(await db.readings.get(reading.id)).toMatchObject({ weight_kg: 70.04, waist_cm: 82 })
  })

  it('saves nothing when an amendment changes nothing', async () => {
    const { db } = aDevice()
    const reading = aSomatometry()
    await db.readings.add(reading)
    chooseUnits({ weight: 'lb', height: 'ft', temperature: 'f' })
    await renderWithI18n(<ReadingLog db={db} readings={[reading]} />)
    fireEvent.click(screen.getByRole('button', { name: /^Editar/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar: Somatometría' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await db.outbox.count()).toBe(0)
  })

  it('deletes an entry only after confirmation', async () => {
    const { db } = aDevice()
    const reading = aSomatometry()
    await db.readings.add(reading)
    await renderWithI18n(<ReadingLog db={db} readings={[reading]} />)
    fireEvent.click(screen.getByRole('button', { name: /^Eliminar/ }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm.textContent).toContain('70 kg · 1.75 m')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(await db.outbox.count()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: /^Eliminar/ }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    await waitFor(async () => expect((await db.outbox.toArray())[0]?.kind).toBe('reading.delete'))
  })
})
