import { expect, test } from '@playwright/test'
import { buildCurp } from '../../src/contract/rules/curp'
import {
  goOnline,
  openFormStep,
  openPatients,
  patientChangesByCurp,
  serverGet,
  waitForServiceWorker,
} from './patients'
import { signIn } from './sign-in'

/**
 * Issue 6: a nurse registers a patient on the full form with no signal — address by state and
 * municipality, emergency contact, employment — and when the network returns the server holds
 * that patient once, with the address. Issue 17: the form comes in steps and keeps what was
 * typed over a reload.
 */
test('a patient registered offline with a full address reaches the server once, with it', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000)
  await signIn(page, 'nurse@demo.localhost')
  await waitForServiceWorker(page)
  await openPatients(page)
  await page.getByRole('button', { name: 'Nuevo paciente' }).click()
  await expect(page).toHaveURL(/\/patients\/create$/)

  // The form comes in steps; the address is in the second one.
  await expect(page.getByText('Paso 1 de 4.')).toBeVisible()
  await openFormStep(page, 'Contacto y domicilio')
  // The address catalogs are read while the page opens online (the device's own copy of the
  // catalogs, another part of this issue, makes them available with no signal at all).
  const state = page.getByLabel('Estado', { exact: true })
  await expect(state.getByRole('option', { name: 'Querétaro' })).toBeAttached()
  await state.selectOption('22')
  const municipality = page.getByLabel('Municipio', { exact: true })
  await expect(municipality.getByRole('option', { name: 'Querétaro' })).toBeAttached()
  await municipality.selectOption('014')

  await context.setOffline(true)
  await openFormStep(page, 'Identificación')
  const curp = buildCurp({
    name: 'Itzel',
    lastName: 'Arriaga',
    secondLastName: 'Montes',
    birthDate: '1994-10-02',
    sex: 'M',
    stateCurpCode: 'QT',
  })
  await page.getByLabel('Nombre', { exact: true }).fill('Itzel')
  await page.getByLabel('Apellido paterno').fill('Arriaga')
  await page.getByLabel('Apellido materno').fill('Montes')
  await page.getByLabel('Fecha de nacimiento').fill('19941002')
  await page.getByLabel('CURP').fill(curp)
  await page.getByLabel('CURP').blur()
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await expect(page.getByText('Paso 2 de 4.')).toBeVisible()
  await page.getByLabel('Teléfono', { exact: true }).fill('4421239876')
  await page.getByLabel('Calle, número y colonia (otro)').fill('Calle Pasteur Sur 14, Col. Centro')
  await page.getByLabel('Nombre del contacto').fill('Rosa Montes')
  await page.getByLabel('Parentesco').selectOption('mother')
  await page.getByLabel('Teléfono del contacto').fill('4427771122')
  // What was typed survives a reload (the tab's draft), on the step it was on.
  await page.reload()
  await expect(page.getByText('Paso 2 de 4.')).toBeVisible()
  await expect(page.getByLabel('Nombre del contacto')).toHaveValue('Rosa Montes')
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page.getByLabel('Número de nómina').fill('N-88120')
  await page.getByLabel('Fecha de ingreso').fill('20200115')
  // A subgroup item from the device's copy of the catalogue (the demo's "Turno" subgroup).
  await page.getByRole('group', { name: 'Turno' }).getByRole('checkbox', { name: 'Matutino' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Paciente guardado en este dispositivo').first()).toBeVisible()
  await expect(page).toHaveURL(/\/patients$/)

  await page.getByPlaceholder('Buscar...').fill('itzel')
  const row = page.getByRole('row', { name: /Itzel Arriaga Montes/ })
  await expect(row).toContainText('Por enviar')

  await goOnline(context, page)
  await expect(row).toContainText('Sincronizado', { timeout: 30_000 })

  const held = await patientChangesByCurp(page, curp)
  expect(held).toHaveLength(1)
  expect(held[0]?.data).toMatchObject({
    address_state_code: '22',
    address_municipality_code: '014',
    address_other: 'Calle Pasteur Sur 14, Col. Centro',
    emergency_contact_relationship: 'mother',
    subgroups: [expect.stringMatching(/^[\da-f-]{36}$/)],
  })
  // The payroll look-up of SPEC §7 finds the same record.
  const byPayroll = await serverGet(page, '/api/operation/patients/show/N-88120')
  expect(byPayroll.data.id).toBe(held[0]?.id)
})

test('a CURP that belongs to an active patient opens that patient’s edit page', async ({ page }) => {
  await signIn(page, 'nurse@demo.localhost')
  await openPatients(page)
  const feed = await serverGet(page, '/api/sync/changes?limit=200')
  const active = feed.data.changes.find(
    (c: { entity: string; data: { administrative_status?: string } | null }) =>
      c.entity === 'patient' && c.data?.administrative_status === 'active',
  )
  await page.getByRole('button', { name: 'Nuevo paciente' }).click()
  await page.getByLabel('CURP').fill(active.data.curp)
  await page.getByLabel('CURP').blur()
  await expect(
    page
      .getByText('El usuario ya se encuentra activo, te redireccionaremos a la edición del paciente.')
      .first(),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/patients/edit/${active.id}$`))
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(active.data.name)
})
