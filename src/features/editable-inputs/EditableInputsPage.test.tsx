import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { editableInputsOf } from '../../contract/schemas/editable-inputs'
import { saveSession } from '../../session/session-store'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
import { EditableInputsPage } from './EditableInputsPage'

const LIST = '/api/catalogs/catalog/editable-fields/list'
const SUPERVISOR = '/api/catalogs/catalog/editable-fields/patient.supervisor'
const ok = (data: unknown) => ({ body: { data, message: '', error: false } })

/** The server's switches: what the list answers follows what was posted. */
function switchesServer(disabled: string[]) {
  return stubApi({
    [LIST]: () => ok(editableInputsOf(disabled)),
    [SUPERVISOR]: () => {
      disabled.splice(disabled.indexOf('patient.supervisor'), 1)
      return ok({ id: 'patient.supervisor', form: 'patient', input: 'supervisor', enabled: true })
    },
  })
}

describe('the editable inputs screen', () => {
  afterEach(() => {
    saveSession(null)
    vi.unstubAllGlobals()
  })

  it('shows each switchable input of the patient form with its state, and switches one', async () => {
    signedInAs(['editable-inputs-index', 'editable-inputs-edit'])
    const api = switchesServer(['patient.supervisor'])
    await renderWithI18n(<EditableInputsPage />)
    expect(await screen.findByRole('group', { name: 'Formulario de pacientes' })).toBeTruthy()
    const supervisor = screen.getByRole('checkbox', { name: 'Supervisor' })
    expect(supervisor.getAttribute('aria-checked')).toBe('false')
    expect(screen.getByRole('checkbox', { name: 'Apellido materno' }).getAttribute('aria-checked')).toBe(
      'true',
    )
    // Required inputs are not offered.
    expect(screen.queryByRole('checkbox', { name: 'CURP' })).toBeNull()
    fireEvent.click(supervisor)
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Supervisor' }).getAttribute('aria-checked')).toBe('true'),
    )
    expect(api.bodyOf(SUPERVISOR)).toEqual({ enabled: true })
  })

  it('only shows the states to a user who may not edit them', async () => {
    signedInAs(['editable-inputs-index'])
    const api = switchesServer(['patient.supervisor'])
    await renderWithI18n(<EditableInputsPage />)
    const supervisor = await screen.findByRole('checkbox', { name: 'Supervisor' })
    expect(supervisor.hasAttribute('disabled')).toBe(true)
    fireEvent.click(supervisor)
    expect(api.requests.map((request) => new URL(request.url).pathname)).toEqual([LIST])
  })
})
