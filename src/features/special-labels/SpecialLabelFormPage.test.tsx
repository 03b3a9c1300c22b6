import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../session/session-store'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
import { SpecialLabelFormPage } from './SpecialLabelFormPage'

const CREATE = '/api/catalogs/catalog/specialLabels/create'

async function renderForm(onDone: () => void) {
  const rootRoute = createRootRoute({ component: () => <SpecialLabelFormPage onDone={onDone} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  return renderWithI18n(<RouterProvider router={router} />)
}

describe('the special label form', () => {
  beforeEach(() => signedInAs(['special-labels-index', 'special-labels-create'], { uuid: 'admin-1' }))
  afterEach(() => {
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('asks for at least one sublabel before sending anything (SPEC §5)', async () => {
    const api = stubApi({})
    await renderForm(vi.fn())
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Embarazo' } })
    fireEvent.click(screen.getByRole('button', { name: /Quitar/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('La etiqueta especial necesita al menos una subetiqueta.')).toBeTruthy()
    expect(api.requests).toHaveLength(0)
  })

  it('creates the label with its colour, icon and sublabels', async () => {
    const onDone = vi.fn()
    const label = {
      id: 'l1',
      name: 'Embarazo',
      color: 'purple',
      icon: 'pregnancy',
      sublabels: [],
      updated_at: '',
    }
    const api = stubApi({ [CREATE]: { body: { data: label, message: '', error: false } } })
    await renderForm(onDone)
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Embarazo' } })
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: 'purple' } })
    fireEvent.change(screen.getByLabelText('Icono'), { target: { value: 'pregnancy' } })
    fireEvent.change(screen.getByLabelText('Subetiqueta 1'), { target: { value: 'Primer trimestre' } })
    fireEvent.click(screen.getByRole('button', { name: 'Agregar subetiqueta' }))
    fireEvent.change(screen.getByLabelText('Subetiqueta 2'), { target: { value: 'Segundo trimestre' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(api.bodyOf(CREATE)).toEqual({
      name: 'Embarazo',
      color: 'purple',
      icon: 'pregnancy',
      sublabels: [{ name: 'Primer trimestre' }, { name: 'Segundo trimestre' }],
    })
  })
})
