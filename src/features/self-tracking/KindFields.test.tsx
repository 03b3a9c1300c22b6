import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_MEALS } from '../../contract/schemas/readings'
import { saveSession } from '../../session/session-store'
import { aDevice } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { signedInAs } from '../../test/session'
import { ReadingEntryForm } from './ReadingEntryForm'

const PATIENT = '0193a7f2-5b1e-7c3d-8e4f-000000000001'

describe('the nutrition and habit forms', () => {
  beforeEach(() =>
    signedInAs(['patient-home', 'patient-nutrition', 'patient-habits'], {
      uuid: 'patient-2',
      patient_id: PATIENT,
    }),
  )
  afterEach(() => saveSession(null))

  it('adds meals up to the limit, removes some, and queues the rest in order', async () => {
    const { db } = aDevice()
    await renderWithI18n(<ReadingEntryForm db={db} kind="nutrition" patientId={PATIENT} />)
    const add = screen.getByRole('button', { name: 'Agregar comida' }) as HTMLButtonElement
    for (let meal = 0; meal < MAX_MEALS; meal++) fireEvent.click(add)
    await waitFor(() => expect(add.disabled).toBe(true))
    for (let meal = MAX_MEALS; meal > 2; meal--) {
      fireEvent.click(screen.getByRole('button', { name: `Quitar comida ${meal}` }))
    }
    await waitFor(() => expect(screen.queryByLabelText('Hora de la comida 3')).toBeNull())
    expect(add.disabled).toBe(false)
    fireEvent.change(screen.getByLabelText('Hora de la comida 1'), { target: { value: '08:00' } })
    fireEvent.change(screen.getByLabelText('Descripción de la comida 1'), { target: { value: 'Avena' } })
    fireEvent.change(screen.getByLabelText('Hora de la comida 2'), { target: { value: '14:30' } })
    fireEvent.change(screen.getByLabelText('Descripción de la comida 2'), {
      target: { value: 'Sopa de lentejas' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Quitar comida 1' }))
    await waitFor(() => expect(screen.queryByLabelText('Hora de la comida 2')).toBeNull())
    fireEvent.change(screen.getByLabelText('Agua (ml) (opcional)'), { target: { value: '1200' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(async () => expect(await db.outbox.count()).toBe(1))
    const [entry] = await db.outbox.toArray()
    expect(entry?.body).toMatchObject({
      meals: [{ time: '14:30', description: 'Sopa de lentejas' }],
      water_ml: 1200,
    })
  })

  it('names the quantity after the habit chosen, and asks for the frequency', async () => {
    const { db } = aDevice()
    await renderWithI18n(<ReadingEntryForm db={db} kind="habit" patientId={PATIENT} />)
    const habit = screen.getByLabelText('Hábito')
    fireEvent.change(habit, { target: { value: 'smoking' } })
    expect(await screen.findByLabelText('Cigarros (opcional)')).toBeTruthy()
    fireEvent.change(habit, { target: { value: 'sleep' } })
    expect(await screen.findByLabelText('Horas (opcional)')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    const frequency = screen.getByLabelText('Frecuencia')
    await waitFor(() => expect(frequency.getAttribute('aria-invalid')).toBe('true'))
    expect(within(frequency.closest('.field') as HTMLElement).getByRole('alert').textContent).toBe(
      'Este campo es obligatorio.',
    )
    expect(await db.outbox.count()).toBe(0)
  })
})
