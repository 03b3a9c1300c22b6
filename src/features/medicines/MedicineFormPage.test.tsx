import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../session/session-store'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
import { MedicineFormPage } from './MedicineFormPage'

const CREATE = '/api/catalogs/catalog/medicines/catalog'

async function renderForm(onDone: () => void) {
  const rootRoute = createRootRoute({ component: () => <MedicineFormPage onDone={onDone} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  return renderWithI18n(<RouterProvider router={router} />)
}

async function fillTablet(index: number, dose: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Agregar presentación' }))
  const n = index + 1
  await screen.findByText(`Presentación ${n}`)
  const fields = screen.getAllByLabelText('Presentación (tableta, jarabe…)')
  fireEvent.change(fields[index] as HTMLElement, { target: { value: 'Tableta' } })
  fireEvent.change(screen.getAllByLabelText('Dosis')[index] as HTMLElement, { target: { value: dose } })
}

describe('the medicine form', () => {
  beforeEach(() => signedInAs(['medicines-index', 'medicines-create'], { uuid: 'admin-1' }))
  afterEach(() => {
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('refuses two presentations with one dose before sending (SPEC §8)', async () => {
    const api = stubApi({})
    await renderForm(vi.fn())
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Paracetamol' } })
    await fillTablet(0, '500 mg')
    await fillTablet(1, '500 mg')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('Una presentación con esta dosis ya existe.')).toBeTruthy()
    expect(api.requests).toHaveLength(0)
  })

  it('shows the server’s duplicate-medicine message under the name', async () => {
    const api = stubApi({
      [CREATE]: {
        status: 422,
        body: {
          data: null,
          message: 'Los datos no son válidos.',
          error: true,
          errors: { name: ['El medicamento que intenta agregar ya existe en el catálogo de medicamentos.'] },
        },
      },
    })
    const onDone = vi.fn()
    await renderForm(onDone)
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Paracetamol' } })
    await fillTablet(0, '500 mg')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(
      await screen.findByText('El medicamento que intenta agregar ya existe en el catálogo de medicamentos.'),
    ).toBeTruthy()
    await waitFor(() => expect(api.requests).toHaveLength(1))
    expect(api.bodyOf(CREATE)).toMatchObject({
      name: 'Paracetamol',
      presentations: [{ name: 'Tableta', dose: '500 mg' }],
    })
    expect(onDone).not.toHaveBeenCalled()
  })
})
