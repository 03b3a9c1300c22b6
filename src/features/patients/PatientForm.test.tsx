import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportConnection } from '../../api/connection'
import { DISABLED_INPUTS_KEY } from '../../catalogs/disabled-inputs'
import { holdCatalogs, SPECIAL_LABELS, SUBGROUPS } from '../../catalogs/test-catalogs'
import type { LocalDb } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { SyncEngine } from '../../sync/engine'
import { aDevice, aPatient, aSyncedPatient, CURPS } from '../../sync/test-fixtures'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
import { PatientForm } from './PatientForm'

// The whole form renders many fields: on a busy machine a render takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 })

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const shownValue = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value
/** Shows a step of the form, as its button in the row of steps does. */
const openStep = (name: string) => fireEvent.click(screen.getByRole('button', { name: new RegExp(name) }))
const ok = (data: unknown) => ({ body: { data, message: '', error: false } })

/** The server's locality search, which the form asks when online (the rest comes from the device). */
const CATALOGS = {
  '/api/catalogs/localities': ok([
    { federal_entity_code: '14', municipality_code: '039', code: '0001', name: 'Guadalajara' },
  ]),
}

const JALISCO_MUNICIPALITIES = [
  { federal_entity_code: '14', code: '039', name: 'Guadalajara' },
  { federal_entity_code: '14', code: '120', name: 'Zapopan' },
]

/** The same catalogs as the device holds them after a refresh; the hooks read the engine's database. */
async function holdAddressCatalogs(db: LocalDb) {
  await holdCatalogs(db, {
    lists: {
      'federal-entities': [
        { code: '14', curp_code: 'JC', name: 'Jalisco', abbreviation: 'JAL' },
        { code: '22', curp_code: 'QT', name: 'Querétaro', abbreviation: 'QRO' },
      ],
      'types-of-test': [{ code: 'pcr', name: 'PCR (RT-PCR)' }],
      'results-test': [{ code: 'positive', name: 'Positivo' }],
    },
    municipalities: [
      ...JALISCO_MUNICIPALITIES,
      { federal_entity_code: '22', code: '014', name: 'Querétaro' },
    ],
    localities: [{ federal_entity_code: '14', municipality_code: '039', code: '0001', name: 'Guadalajara' }],
  })
  const loop = { runOnce: vi.fn(), kick: vi.fn(), start: vi.fn(), stop: vi.fn() }
  setCurrentEngine({ db, loop, pull: vi.fn(), stop: vi.fn() } as unknown as SyncEngine)
}

describe('the patient form on the device', { timeout: 20_000 }, () => {
  beforeEach(() => signedInAs(['patients-create', 'patients-edit'], { uuid: 'nurse-7' }))
  afterEach(() => {
    setCurrentEngine(null)
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
    // The summary at the top names each field, and its link goes to the field.
    const summary = screen
      .getByText('Todos los campos obligatorios deben ser llenados')
      .closest('.form-errors')
    const toName = within(summary as HTMLElement).getByRole('link', {
      name: 'Nombre: Este campo es obligatorio.',
    })
    fireEvent.click(toName)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nombre')))
    expect(screen.getByLabelText('Nombre').getAttribute('aria-required')).toBe('true')
    expect(screen.getByLabelText('Apellido materno').getAttribute('aria-required')).toBeNull()
    expect(onDone).not.toHaveBeenCalled()
    expect(await db.outbox.count()).toBe(0)
  })

  it('keeps its step and what was typed over a reload, until it is cancelled', async () => {
    stubApi({})
    const { db } = aDevice()
    const first = await renderForm({ db })
    fill('Nombre', 'Itzel')
    openStep('Contacto y domicilio')
    first.unmount()
    const onDone = vi.fn()
    await renderForm({ db, onDone })
    expect(shownValue('Nombre')).toBe('Itzel')
    expect(screen.getByRole('button', { name: /Contacto y domicilio/ }).getAttribute('aria-current')).toBe(
      'step',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(onDone).toHaveBeenCalled()
    cleanup()
    const fresh = await renderForm({ db })
    expect(shownValue('Nombre')).toBe('')
    fresh.unmount()
  })

  it('says the CURP is not valid with the server’s words', async () => {
    stubApi({})
    const { db } = aDevice()
    await renderForm({ db })
    fill('CURP', 'LOOA531113HTCPBN08')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    const curp = screen.getByLabelText('CURP').closest('.field') as HTMLElement
    expect(await within(curp).findByText('La CURP no es válida')).toBeTruthy()
    expect(screen.queryByLabelText('Peso (kg)')).toBeNull()
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
    await holdAddressCatalogs(db)
    await renderForm({ db })
    openStep('Contacto y domicilio')
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

  it('registers a patient with the address and an account, the password in the entry only', async () => {
    stubApi(CATALOGS)
    const { db } = aDevice()
    await holdAddressCatalogs(db)
    await db.catalogueEntries.bulkPut(SUBGROUPS)
    const onDone = vi.fn()
    await renderForm({ db, onDone })
    const patient = aPatient()
    fill('Nombre', patient.name)
    fill('Apellido paterno', patient.last_name)
    fill('Fecha de nacimiento', '1985/03/17')
    fill('CURP', patient.curp)
    openStep('Contacto y domicilio')
    await within(screen.getByLabelText('Estado')).findByRole('option', { name: 'Jalisco' })
    fill('Estado', '14')
    await within(screen.getByLabelText('Municipio')).findByRole('option', { name: 'Zapopan' })
    fill('Municipio', '039')
    fill('Calle, número y colonia (otro)', 'Av. Juárez 120, Col. Centro')
    openStep('Empleo')
    // The active subgroups' items, from the device's copy; the inactive subgroup is not offered.
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Nocturno' }))
    expect(screen.queryByRole('checkbox', { name: 'Norte' })).toBeNull()
    fill('Correo electrónico', 'Lupita@Correo.mx')
    fill('Contraseña', 'Paciente#2026')
    fill('Confirmar contraseña', 'Paciente#2026')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())

    const [entry] = await db.outbox.toArray()
    expect(entry?.body).toMatchObject({
      address_state_code: '14',
      address_municipality_code: '039',
      subgroups: [SUBGROUPS[0]?.items[1]?.id],
      email: 'lupita@correo.mx',
      password: 'Paciente#2026',
    })
    // Saved: the draft is gone, and the password never was in it.
    expect(sessionStorage.length).toBe(0)
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

  it('records the occupational risks the vaccination scheme applies by, queued as an edit', async () => {
    stubApi({})
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    const onDone = vi.fn()
    const row = await db.patients.get(server.id)
    if (!row) throw new Error('patient not cached')
    await renderForm({ db, patient: row, onDone })
    openStep('Empleo')
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Mecánico' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Biológico' }))
    expect(screen.getByRole('checkbox', { name: 'Químico' }).getAttribute('aria-checked')).toBe('false')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    const [entry] = await db.outbox.toArray()
    // In the list's own order, whatever order they were ticked in.
    expect(entry).toMatchObject({
      kind: 'patient.update',
      body: { occupational_risks: ['biological', 'mechanical'] },
    })
    expect((await db.patients.get(server.id))?.occupational_risks).toEqual(['biological', 'mechanical'])
  })

  it('restores an edit’s draft only while the record is at the version it began from', async () => {
    stubApi({})
    const { db, ctx } = aDevice()
    const server = await aSyncedPatient(db, ctx)
    const row = await db.patients.get(server.id)
    if (!row) throw new Error('patient not cached')
    await renderForm({ db, patient: row })
    const original = shownValue('Teléfono')
    fill('Teléfono', '3398765432')
    cleanup()
    await renderForm({ db, patient: row })
    expect(shownValue('Teléfono')).toBe('3398765432')
    cleanup()
    // A sync brought a newer version meanwhile: the draft would write older values back over it.
    await renderForm({ db, patient: { ...row, version: row.version + 1 } })
    expect(shownValue('Teléfono')).toBe(original)
  })

  it('gives a patient a special sublabel from the device’s catalogue, queued like any edit', async () => {
    stubApi({})
    const { db, ctx } = aDevice()
    await holdAddressCatalogs(db)
    await db.specialLabels.bulkPut(SPECIAL_LABELS)
    const server = await aSyncedPatient(db, ctx)
    const onDone = vi.fn()
    const row = await db.patients.get(server.id)
    if (!row) throw new Error('patient not cached')
    await renderForm({ db, patient: row, onDone })
    openStep('Empleo')
    const pregnancy = await screen.findByRole('group', { name: 'Embarazo' })
    fireEvent.click(within(pregnancy).getByRole('checkbox', { name: 'Segundo trimestre' }))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    const sublabel = SPECIAL_LABELS[0]?.sublabels[1]?.id
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ kind: 'patient.update', body: { special_sublabel_ids: [sublabel] } })
    expect((await db.patients.get(server.id))?.special_sublabel_ids).toEqual([sublabel])
  })

  it('hides the inputs the tenant switched off and keeps what the patient had in them', async () => {
    stubApi({})
    const { db, ctx } = aDevice()
    await holdAddressCatalogs(db)
    // As the device holds `GET /inputs/inputs-disabled` after a refresh (decision 0018).
    await db.meta.put({ key: DISABLED_INPUTS_KEY, value: ['patient.phone', 'patient.supervisor'] })
    const server = await aSyncedPatient(db, ctx)
    const onDone = vi.fn()
    const row = await db.patients.get(server.id)
    if (!row) throw new Error('patient not cached')
    await renderForm({ db, patient: row, onDone })
    openStep('Contacto y domicilio')
    await waitFor(() => expect(screen.queryByLabelText('Teléfono')).toBeNull())
    expect(screen.getByLabelText('Teléfono del contacto')).toBeTruthy()
    openStep('Empleo')
    expect(screen.queryByLabelText('Supervisor')).toBeNull()
    expect(screen.getByLabelText('Número de nómina')).toBeTruthy()
    fill('Número de nómina', 'N-2044')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ kind: 'patient.update', body: { payroll_number: 'N-2044' } })
    expect((await db.patients.get(server.id))?.phone).toBe(row.phone)
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
