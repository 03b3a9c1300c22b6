import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { reportConnection } from '../../api/connection'
import { renderWithI18n } from '../../test/render'
import { isMissingCode, RouteErrorPage } from './RouteErrorPage'

/** A screen that throws `failure` while it is set, under a router whose screens fail to our page. */
async function aFailingScreen(failure: { error: Error | null }, language: 'es' | 'en' = 'es') {
  const root = createRootRoute({
    component: () => {
      if (failure.error) throw failure.error
      return <p>Tablero</p>
    },
  })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: RouteErrorPage,
  })
  await renderWithI18n(<RouterProvider router={router} />, language)
}

describe('a screen that failed', () => {
  // React reports the caught error on the console; the page is what is tested.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})

  it('says so in the user’s language, keeps what was saved in mind, and tries again', async () => {
    const failure = { error: new Error('x is undefined') as Error | null }
    await aFailingScreen(failure)
    expect(await screen.findByRole('heading', { name: 'La pantalla no pudo mostrarse' })).toBeTruthy()
    expect(screen.getByText(/Lo que ya guardaste sigue en este dispositivo/)).toBeTruthy()
    failure.error = null
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('Tablero')).toBeTruthy()
  })

  it('tells a screen whose code did not arrive offline, and opens it once the connection is back', async () => {
    act(() => reportConnection('offline'))
    const failure = {
      error: new TypeError('Failed to fetch dynamically imported module: /assets/x.js') as Error | null,
    }
    await aFailingScreen(failure, 'en')
    expect(await screen.findByRole('heading', { name: 'This screen is not on this device yet' })).toBeTruthy()
    failure.error = null
    act(() => reportConnection('online'))
    expect(await screen.findByText('Tablero')).toBeTruthy()
  })

  it('knows a missing module from other failures, in every browser’s words', () => {
    expect(isMissingCode(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true)
    expect(isMissingCode(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true)
    expect(isMissingCode(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isMissingCode(new Error('Unable to preload CSS for /assets/DataTable-C-yhPuTc.css'))).toBe(true)
    expect(isMissingCode(new TypeError('Failed to fetch'))).toBe(false)
    expect(isMissingCode('dynamically imported module')).toBe(false)
  })
})
