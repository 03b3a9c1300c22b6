import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../session/session-store'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
import { ConcentratedRequestsPage } from './ConcentratedRequestsPage'

const ok = (data: unknown) => ({ body: { data, message: '', error: false } })
const row = (id: string, user_name: string, state: string) => ({
  id,
  user_id: `u-${id}`,
  user_name,
  requested_by_name: user_name,
  state,
  patients: 3,
  waiting: state === 'waiting' ? 3 : 0,
  created_at: '2026-11-20T15:04:00.000Z',
  updated_at: '2026-11-20T15:04:00.000Z',
})
const page = (rows: unknown[]) => ({ data: rows, from: 1, to: rows.length, total: rows.length, links: [] })

const signInWith = (permissions: string[]) => signedInAs(permissions, { uuid: 'manager-1' })

describe('the concentrated assignment requests', () => {
  beforeEach(() => signInWith(['assignments.concentrated-accept', 'assignments.concentrated-refuse']))
  afterEach(() => {
    saveSession(null)
    vi.unstubAllGlobals()
  })

  it('lists the waiting requests with their state and authorizes the selected ones', async () => {
    let listed = 0
    const { requests, bodyOf } = stubApi({
      '/api/operation/get-filters/concentrated-assignment': ok({
        states: ['waiting', 'authorized', 'refused'],
        professionals: [{ value: 'u-r1', label: 'Ricardo Salinas Ochoa' }],
      }),
      '/api/operation/patients/assignment/concentrated/list': () => {
        listed++
        return ok(
          page([row('r1', 'Ricardo Salinas Ochoa', 'waiting'), row('r2', 'Lucía Mendoza Pineda', 'waiting')]),
        )
      },
      '/api/operation/patients/assignment/concentrated/requests/authorize': ok({
        assigned: 3,
        unassigned: 0,
        requested: 0,
        refused: 0,
        request_id: null,
      }),
    })
    await renderWithI18n(<ConcentratedRequestsPage />)
    expect(await screen.findByRole('cell', { name: 'Ricardo Salinas Ochoa' })).toBeTruthy()
    expect(screen.getAllByText('En espera').length).toBeGreaterThan(0)
    // The table asks only for the waiting requests at first.
    const list = requests.find((r) => r.url.includes('/concentrated/list')) as Request
    expect(new URL(list.url).searchParams.get('filters')).toBe('{"state":"waiting"}')

    const authorize = screen.getByRole('button', { name: 'Autorizar' })
    expect(authorize.hasAttribute('disabled')).toBe(true)
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Seleccionar la solicitud de Ricardo Salinas Ochoa' }),
    )
    expect(screen.getByText('1 solicitud seleccionada')).toBeTruthy()
    fireEvent.click(authorize)
    await waitFor(() =>
      expect(bodyOf('/api/operation/patients/assignment/concentrated/requests/authorize')).toEqual({
        users_ids_request_assignment_selected: ['r1'],
      }),
    )
    // The table reloads and the selection is cleared.
    await waitFor(() => expect(listed).toBe(2))
    expect(screen.getByText('0 solicitudes seleccionadas')).toBeTruthy()
  })

  it('shows no checkbox and no selection to whom may neither authorize nor refuse', async () => {
    signInWith(['assignments-concentrated-index'])
    stubApi({
      '/api/operation/get-filters/concentrated-assignment': ok({ states: ['waiting'], professionals: [] }),
      '/api/operation/patients/assignment/concentrated/list': ok(
        page([row('r1', 'Ricardo Salinas Ochoa', 'waiting')]),
      ),
    })
    await renderWithI18n(<ConcentratedRequestsPage />)
    expect(await screen.findByRole('cell', { name: 'Ricardo Salinas Ochoa' })).toBeTruthy()
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByText(/seleccionad/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Autorizar' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull()
  })
})
