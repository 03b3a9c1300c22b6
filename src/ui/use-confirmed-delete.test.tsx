import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../test/render'
import { ConfirmDialog } from './ConfirmDialog'
import { useConfirmedDelete } from './use-confirmed-delete'

function Rows({
  remove,
  onFailure,
}: {
  remove: (row: string) => Promise<void>
  onFailure: (m: string) => void
}) {
  const deletion = useConfirmedDelete<string>(remove, onFailure)
  return (
    <>
      <button type="button" onClick={() => deletion.ask('Ibuprofeno')}>
        Eliminar Ibuprofeno
      </button>
      <ConfirmDialog
        {...deletion.dialog}
        title="Eliminar medicamento"
        message={`¿Eliminar ${deletion.doomed ?? ''}?`}
        confirmLabel="Sí, eliminar"
      />
    </>
  )
}

describe('a delete that asks first', () => {
  it('removes the row asked about only once confirmed, then closes', async () => {
    const remove = vi.fn(async () => {})
    await renderWithI18n(<Rows remove={remove} onFailure={vi.fn()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Ibuprofeno' }))
    expect(await screen.findByText('¿Eliminar Ibuprofeno?')).toBeTruthy()
    expect(remove).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Sí, eliminar' }))
    await waitFor(() => expect(remove).toHaveBeenCalledWith('Ibuprofeno'))
    await waitFor(() => expect(screen.queryByText('¿Eliminar Ibuprofeno?')).toBeNull())
  })

  it('hands the failure to the page and removes nothing on cancel', async () => {
    const onFailure = vi.fn()
    const remove = vi.fn(async () => {
      throw new Error('Sin conexión')
    })
    await renderWithI18n(<Rows remove={remove} onFailure={onFailure} />)
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Ibuprofeno' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByText('¿Eliminar Ibuprofeno?')).toBeNull())
    expect(remove).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Ibuprofeno' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Sí, eliminar' }))
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1))
    expect(typeof onFailure.mock.calls[0]?.[0]).toBe('string')
  })
})
