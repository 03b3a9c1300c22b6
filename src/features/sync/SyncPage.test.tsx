import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openLocalDb } from '../../db/local-db'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { renderWithI18n } from '../../test/render'
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
    expect(screen.getByText('La sistólica debe ser como máximo 250.')).toBeTruthy()
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
})
