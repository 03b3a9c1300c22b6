import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithI18n, stubApi } from '../../test/render'
import { MyProfilePage } from './MyProfilePage'

const profile = {
  id: 'u1',
  name: 'Héctor',
  last_name: 'Quiroga',
  second_last_name: 'Zamora',
  email: 'tech@demo.localhost',
  employee_number: 'E0006',
  phone: null,
  active: true,
  role: null,
  photo_url: null,
  created_at: '2026-11-22T00:00:00Z',
  updated_at: '2026-11-22T00:00:00Z',
  security_questions: [],
}
const ok = (data: unknown) => ({ body: { data, message: '', error: false } })

describe('my profile', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends only what changed shape-wise: names and phone, no blank password or questions', async () => {
    const { bodyOf } = stubApi({
      '/api/configuration/profile': ok(profile),
      '/api/configuration/profile/edit': ok(profile),
      '/api/configuration/users/refresh-data/user-in-sesion': ok({
        uuid: 'u1',
        name: 'Héctor',
        last_name: 'Quiroga Zamora',
        email: 'tech@demo.localhost',
        employee_number: null,
        photo_url: null,
        role: null,
        permissions: [],
        patient_id: null,
      }),
    })
    await renderWithI18n(<MyProfilePage onSignedOut={vi.fn()} />)
    fireEvent.input(await screen.findByLabelText('Teléfono'), { target: { value: '4429876543' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(bodyOf('/api/configuration/profile/edit')).toBeDefined())
    expect(bodyOf('/api/configuration/profile/edit')).toEqual({
      name: 'Héctor',
      last_name: 'Quiroga',
      second_last_name: 'Zamora',
      phone: '4429876543',
    })
  })
})
