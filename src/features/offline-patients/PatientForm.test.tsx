import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportConnection } from '../../api/connection'
import { saveSession } from '../../session/session-store'
import { aDevice, aPatient, aSyncedPatient, CURPS } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { PatientForm } from './PatientForm'

// The whole form renders many fields: on a busy machine a render takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 })

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const shownValue = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value
const ok = (data: unknown) => ({ body: { data, message: '', error: false } })

/** The catalogs the address needs, as the catalogs service answers them. */
const CATALOGS = {
  '/api/catalogs/federal-entities': ok([
    { code: '14', curp_code: 'JC', name: 'Jalisco', abbreviation: 'JAL' },
    { code: '22', curp_code: 'QT', name: 'Querétaro', abbreviation: 'QRO' },
  ]),
  '/api/catalogs/municipalities': (request: Request) => {
    const state = new URL(request.url).searchParams.get('federal_entity_code')
    return ok(
      state === '22'
        ? [{ federal_entity_code: '22', code: '014', name: 'Querétaro' }]
        : [
            { federal_entity_code: '14', code: '039', name: 'Guadalajara' },
            { federal_entity_code: '14', code: '120', name: 'Zapopan' },
          ],
    )
  },
  '/api/catalogs/catalog/types-of-test': ok([{ code: 'pcr', name: 'PCR (RT-PCR)' }]),
  '/api/catalogs/catalog/results-test': ok([{ code: 'positive', name: 'Positivo' }]),
  '/api/catalogs/localities': ok([
    { federal_entity_code: '14', municipality_code: '039', code: '0001', name: 'Guadalajara' },
  ]),
}

describe('the patient form on the device', { timeout: 20_000 }, () => {
  beforeEach(() =>
    saveSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 3_600_000,
      user: {
        uuid: 'nurse-7',
        name: 'Rosa',
        last_name: 'Ibarra',
        email: 'nurse@demo.localhost',
        employee_number: null,
        photo_url: null,
        role: null,
        permissions: ['patients-create', 'patients-edit'],
        patient_id: null,
      },
      host: 'demo.localhost',
      isLandlord: false,
      routeRedirect: '/patients',
      passwordExpired: false,
      noticePending: false,
      menus: null,
    }),
  )
  afterEach(() => {
    saveSession(null)
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  const renderForm = (
    props: Partial<Parameters<typeof PatientForm>[0]> & { db: Parameters<typeof PatientForm>[0]['db'] },
  ) => renderWithI18n(<PatientForm onDone={vi.fn()} onOpenPatient={vi.fn()} {...props} />)

  it('asks for the required fields and writes nothing', async () => {
    stubApi({})
    const { db } = aDevice()
    const onDone = vi.fn()
    await renderForm({ db, onDone })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    const name = screen.getByLabelText('Nombre').closest('.field') as HTMLElement
    expect(await within(name).findByText('Este campo es obligatorio.')).toBeTruthy()
    const lastName = screen.getByLabelText('Apellido paterno').closest('.field') as HTMLElement
    expect(within(lastName).getByText('Este campo es obligatorio.')).toBeTruthy()
    expect(screen.getByText('Todos los campos obligatorios deben ser llenados')).toBeTruthy()
    expect(onDone).not.toHaveBeenCalled()
    expect(await db.outbox.count()).toBe(0)
  })

  it('says the CURP is not valid with the server’s words, and checks the COVID ranges', async () => {
    stubApi({})
    const { db } = aDevice()
    await renderForm({ db })
    fill('CURP', 'LOOA531113HTCPBN08')
    fill('Peso (kg)', '400')
    fill('Oximetría (%)', '30')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await screen.findByText('Debe ser como máximo 300.')
    const curp = screen.getByLabelText('CURP').closest('.field') as HTMLElement
    expect(within(curp).getByText('La CURP no es válida')).toBeTruthy()
    expect(screen.getByText('Debe ser como máximo 300.')).toBeTruthy()
    expect(screen.getByText('Debe ser al menos 49.')).toBeTruthy()
  })

  it('opens the active patient who already holds a typed CURP, from the device’s cache when offline', async () => {
    stubApi({})
    reportConnection('offline')
    const { db, ctx } = aDevice()
    const holder = await aSyncedPatient(db, ctx)
    const onOpenPatient = vi.fn()
    await renderForm({ db, onOpenPatient })
    fill('CURP', CURPS.guadalupe.toLowerCase())
    fireEvent.blur(screen.getByLabelText('CURP'))
    await waitFor(() => expect(onOpenPatient).toHaveBeenCalledWith(holder.id))
  })

  it('empties the municipality and locality when another state is chosen', async () => {
    stubApi(CATALOGS)
    const { db } = aDevice()
    await renderForm({ db })
    await within(screen.getByLabelText('Estado')).findByRole('option', { name: 'Jalisco' })
    fill('Estado', '14')
    await within(screen.getByLabelText('Municipio')).findByRole('option', { name: 'Zapopan' })
    fill('Municipio', '039')
    await within(screen.getByLabelText('Localidad')).findByRole('option', { name: 'Guadalajara' })
    fill('Localidad', '0001')
    expect([shownValue('Municipio'), shownValue('Localidad')]).toEqual(['039', '0001'])
    fill('Estado', '22')
    expect([shownValue('Municipio'), shownValue('Localidad')]).toEqual(['', ''])
    await within(screen.getByLabelText('Municipio')).findByRole('option', { name: 'Querétaro' })
    expect(screen.queryByRole('option', { name: 'Zapopan' })).toBeNull()
  })

  it('registers a patient with the address, COVID data and an account, the password in the entry only', async () => {
    stubApi(CATALOGS)
    const { db } = aDevice()
    const onDone = vi.fn()
    await renderForm({ db, onDone })
    const patient = aPatient()
    fill('Nombre', patient.name)
    fill('Apellido paterno', patient.last_name)
    fill('Fecha de nacimiento', '1985/03/17')
    fill('CURP', patient.curp)
    await within(screen.getByLabelText('Estado')).findByRole('option', { name: 'Jalisco' })
    fill('Estado', '14')
    await within(screen.getByLabelText('Municipio')).findByRole('option', { name: 'Zapopan' })
    fill('Municipio', '039')
    fill('Calle, número y colonia (otro)', 'Av. Juárez 120, Col. Centro')
    fill('Subgrupos (separados por comas)', 'Planta 2, Turno nocturno')
    fill('Peso (kg)', '70')
    fill('Estatura (m)', '1,75')
    // The BMI follows as it is typed, in Spanish notation.
    expect(await screen.findByText('22,9')).toBeTruthy()
    fill('Correo electrónico', 'Lupita@Correo.mx')
    fill('Contraseña', 'Paciente#2026')
    fill('Confirmar contraseña', 'Paciente#2026')
    fireEvent.click(screen.getByRole('button', { name: 'Agregar prueba' }))
    await within(screen.getByLabelText('Resultado de la prueba 1')).findByRole('option', { name: 'Positivo' })
    fill('Fecha de la prueba 1', '2026/11/19')
    fireEvent.change(screen.getByLabelText('Tipo de prueba 1'), { target: { value: 'pcr' } })
    fireEvent.change(screen.getByLabelText('Resultado de la prueba 1'), { target: { value: 'positive' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())

    const [entry] = await db.outbox.toArray()
    expect(entry?.body).toMatchObject({
      address_state_code: '14',
      address_municipality_code: '039',
      subgroups: ['Planta 2', 'Turno nocturno'],
      weight: 70,
      height: 1.75,
      email: 'lupita@correo.mx',
      password: 'Paciente#2026',
      covid_tests: [{ date: '2026-11-19', type: 'pcr', result: 'positive' }],
    })
    const row = await db.patients.get(entry?.entityId ?? '')
    expect(row).toMatchObject({ address_municipality_code: '039', email: 'lupita@correo.mx' })
    expect(row).not.toHaveProperty('password')
  })

  it('queues only the fields an edit changed', async () => {
    stubApi({})
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    const onDone = vi.fn()
    const row = await db.patients.get(server.id)
    if (!row) throw new Error('patient not cached')
    await renderForm({ db, patient: row, onDone })
    expect(shownValue('Fecha de nacimiento')).toBe('1985/03/17')
    fill('Teléfono', '3398765432')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ kind: 'patient.update', body: { phone: '3398765432' }, baseVersion: 3 })
  })

  it('tells the user the device is full and keeps neither the patient nor its entry', async () => {
    stubApi({})
    const { db } = aDevice()
    // The disk fills up as the outbox entry is written, after the row: the transaction must undo both.
    vi.spyOn(db.outbox, 'add').mockRejectedValue(new Dexie.QuotaExceededError('The quota has been exceeded.'))
    const onDone = vi.fn()
    await renderForm({ db, onDone })
    const patient = aPatient()
    fill('Nombre', patient.name)
    fill('Apellido paterno', patient.last_name)
    fill('Fecha de nacimiento', '1985/03/17')
    fill('CURP', patient.curp)
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(
      await screen.findByText(
        'No hay espacio en este dispositivo y no se guardó nada. Libera espacio y vuelve a intentarlo.',
      ),
    ).toBeTruthy()
    expect(onDone).not.toHaveBeenCalled()
    expect(await db.patients.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})
