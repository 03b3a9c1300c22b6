import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../test/render'
import { FormActions } from './FormActions'

/** Inside a form, under a router, as every screen renders it. */
function renderInForm(actions: ReactElement, onSubmit = vi.fn(), language: 'es' | 'en' = 'es') {
  const rootRoute = createRootRoute({
    component: () => (
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        {actions}
      </form>
    ),
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  return renderWithI18n(<RouterProvider router={router} />, language)
}

describe('a form’s closing row', () => {
  it('leads back to its screen and submits the form with Guardar', async () => {
    const onSubmit = vi.fn()
    await renderInForm(<FormActions cancelTo="/medicines" submitting={false} />, onSubmit)
    const cancel = await screen.findByRole('link', { name: 'Cancelar' })
    expect(cancel.getAttribute('href')).toBe('/medicines')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('closes an inline form with Cancelar, without submitting it', async () => {
    const onSubmit = vi.fn()
    const onCancel = vi.fn()
    await renderInForm(<FormActions onCancel={onCancel} submitting={false} />, onSubmit)
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('shows no Cancelar when there is nowhere to go back to, and speaks English', async () => {
    await renderInForm(<FormActions submitting={false} />, vi.fn(), 'en')
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy()
    expect(screen.queryByText('Cancel')).toBeNull()
  })

  it('takes no second press while the form is being sent', async () => {
    const onSubmit = vi.fn()
    await renderInForm(<FormActions cancelTo="/users" submitting />, onSubmit)
    const save = await screen.findByRole('button', { name: /Guardar/ })
    expect(save.hasAttribute('disabled')).toBe(true)
    fireEvent.click(save)
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
