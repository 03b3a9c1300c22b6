import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../session/session-store'
import { renderWithI18n, stubApi } from '../../test/render'
import { LoginPage } from './LoginPage'

const configuration = {
  data: {
    tenant: { slug: 'demo', name: 'Clínica Demo', logoUrl: null, primaryColor: null },
    sso: { has_sso_configured: false, sso_url: null, business_name: null },
    is_landlord: false,
  },
  message: '',
  error: false,
}
const CONFIGURATION = '/api/configuration/get-configurations-tenant'
const signedIn = vi.fn()

describe('the login page', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the tenant’s name in Spanish by default', async () => {
    stubApi({ [CONFIGURATION]: { body: configuration } })
    await renderWithI18n(<LoginPage onSignedIn={signedIn} />)
    expect(await screen.findByText('Clínica Demo')).toBeTruthy()
    expect(screen.getByLabelText('Contraseña')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy()
  })

  it('switches to English and keeps the choice', async () => {
    stubApi({ [CONFIGURATION]: { body: configuration } })
    await renderWithI18n(<LoginPage onSignedIn={signedIn} />)
    fireEvent.click(screen.getByRole('button', { name: 'English' }))
    expect(await screen.findByLabelText('Password')).toBeTruthy()
    expect(localStorage.getItem('lang')).toBe('en')
    expect(document.documentElement.lang).toBe('en')
  })

  it('asks for the username and password before calling the server', async () => {
    const { requests } = stubApi({ [CONFIGURATION]: { body: configuration } })
    await renderWithI18n(<LoginPage onSignedIn={signedIn} />)
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(2)
    expect(screen.getByLabelText('Usuario').getAttribute('aria-invalid')).toBe('true')
    expect(requests.filter((r) => r.url.includes('/login'))).toEqual([])
  })

  it('sends the username lowercased, remembers it, and shows the server’s failure', async () => {
    const { requests, bodyOf } = stubApi({
      [CONFIGURATION]: { body: configuration },
      '/api/authentication/validate-username': {
        body: { data: { ask_business_name: false }, message: '', error: false },
      },
      '/api/authentication/login': {
        status: 422,
        body: { data: null, error: true, message: 'Credenciales incorrectas' },
      },
    })
    await renderWithI18n(<LoginPage onSignedIn={signedIn} />)
    fireEvent.input(screen.getByLabelText('Usuario'), { target: { value: 'Nurse@Demo.Localhost ' } })
    fireEvent.input(screen.getByLabelText('Contraseña'), { target: { value: 'Demo1234!' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Recordarme' }))
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(await screen.findByText('Credenciales incorrectas')).toBeTruthy()
    const loginRequest = requests.find((r) => r.url.endsWith('/api/authentication/login'))
    expect(bodyOf('/api/authentication/login')).toMatchObject({
      username: 'nurse@demo.localhost',
      email: 'nurse@demo.localhost',
    })
    expect(loginRequest?.headers.get('accept-language')).toBe('es')
    expect(localStorage.getItem('rememberedUser')).toBe('nurse@demo.localhost')
  })

  it('shows the network message when the configuration cannot be fetched', async () => {
    stubApi({ [CONFIGURATION]: 'network-error' })
    await renderWithI18n(<LoginPage onSignedIn={signedIn} />)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'No hemos podido procesar tu solicitud, inténtalo nuevamente.',
      ),
    )
  })

  it('keeps the session and goes to the route the server names', async () => {
    const login = {
      accessToken: 'a.eyJpc19wYXNzd29yZF9leHBpcmVkIjpmYWxzZSwic2hvd19ub3RpY2Vfb2ZfcHJpdmFjeSI6dHJ1ZX0.s',
      refreshToken: 'r1',
      expiresIn: 43_200,
      route_redirect: '/notice_privacy',
      date: '2026-11-22T10:00:00.000Z',
      user: {
        uuid: 'u1',
        name: 'Lucía',
        last_name: 'Mendoza',
        email: 'nurse@demo.localhost',
        employee_number: 'E0003',
        photo_url: null,
        role: null,
        permissions: ['dashboard-index'],
        patient_id: null,
      },
      host: 'demo.localhost',
      is_landlord: false,
    }
    stubApi({
      [CONFIGURATION]: { body: configuration },
      '/api/authentication/validate-username': {
        body: { data: { ask_business_name: false }, message: '', error: false },
      },
      '/api/authentication/login': { body: { data: login, message: '', error: false } },
    })
    const onSignedIn = vi.fn()
    await renderWithI18n(<LoginPage onSignedIn={onSignedIn} />)
    fireEvent.input(screen.getByLabelText('Usuario'), { target: { value: 'e0003' } })
    fireEvent.input(screen.getByLabelText('Contraseña'), { target: { value: 'Demo1234!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/notice_privacy'))
    const stored = JSON.parse(localStorage.getItem('session') ?? 'null')
    expect(stored).toMatchObject({ refreshToken: 'r1', noticePending: true, passwordExpired: false })
    expect(stored.user.permissions).toEqual(['dashboard-index'])
  })

  it('asks for the business name when the username is in more than one business', async () => {
    const { requests } = stubApi({
      [CONFIGURATION]: { body: configuration },
      '/api/authentication/validate-username': {
        body: { data: { ask_business_name: true }, message: '', error: false },
      },
    })
    await renderWithI18n(<LoginPage onSignedIn={signedIn} />)
    fireEvent.input(screen.getByLabelText('Usuario'), { target: { value: 'ana@grupo.mx' } })
    fireEvent.input(screen.getByLabelText('Contraseña'), { target: { value: 'Demo1234!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(await screen.findByLabelText('Empresa')).toBeTruthy()
    expect(requests.filter((r) => r.url.endsWith('/login'))).toEqual([])
  })

  it('tells why the last session ended', async () => {
    sessionStorage.setItem('sessionEndNotice', 'expired')
    stubApi({ [CONFIGURATION]: { body: configuration } })
    await renderWithI18n(<LoginPage onSignedIn={signedIn} />)
    expect(screen.getByText('La sesión ha expirado. Inicia sesión de nuevo para continuar.')).toBeTruthy()
    // Kept through reloads of the login page, forgotten at the next sign-in.
    expect(sessionStorage.getItem('sessionEndNotice')).toBe('expired')
    saveSession(null)
    sessionStorage.removeItem('sessionEndNotice')
  })
})
