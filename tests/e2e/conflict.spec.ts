import { expect, type Page, test } from '@playwright/test'
import { buildCurp } from '../../src/contract/rules/curp'
import {
  findPatient,
  goOnline,
  openFormStep,
  openPatients,
  patientChangesByCurp,
  serverGet,
} from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

const findFernanda = (page: Page) => findPatient(page, 'fernanda', /Fernanda Ruiz Salas/)

/**
 * Two tablets edit one patient (issue 5, DESIGN §5 "Conflicts"): the office changes her phone while
 * a tablet with no signal changes the same phone and her payroll number. Back online, the tablet
 * meets a 412; the payroll number merges, the phone becomes a conflict the nurse settles on the
 * sync screen, and the server ends with her choice and the merged field.
 */
test('two devices edit one patient: the same field is settled by a person on the sync screen', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const office = await (await browser.newContext()).newPage()
  const tabletContext = await browser.newContext()
  const tablet = await tabletContext.newPage()
  await signIn(office, 'admin@demo.localhost')
  await signIn(tablet, 'admin@demo.localhost')

  const curp = buildCurp({
    name: 'Fernanda',
    lastName: 'Ruiz',
    secondLastName: 'Salas',
    birthDate: '1988-07-09',
    sex: 'M',
    stateCurpCode: 'NL',
  })
  await openPatients(office)
  await office.getByRole('button', { name: 'Nuevo paciente' }).click()
  await office.getByLabel('Nombre', { exact: true }).fill('Fernanda')
  await office.getByLabel('Apellido paterno').fill('Ruiz')
  await office.getByLabel('Apellido materno').fill('Salas')
  await office.getByLabel('Fecha de nacimiento').fill('19880709')
  await office.getByLabel('CURP').fill(curp)
  await openFormStep(office, 'Contacto y domicilio')
  await office.getByLabel('Teléfono', { exact: true }).fill('8112345678')
  await office.getByRole('button', { name: 'Guardar' }).click()
  await expect(await findFernanda(office)).toContainText('Sincronizado', { timeout: 30_000 })

  // The tablet learns of her through the change feed, then loses its signal.
  await waitForStaffScreens(tablet)
  await openPatients(tablet)
  await tablet.reload()
  await expect(await findFernanda(tablet)).toContainText('Sincronizado', { timeout: 30_000 })
  await tabletContext.setOffline(true)
  await (await findFernanda(tablet)).getByRole('button', { name: /Editar/ }).click()
  await expect(tablet).toHaveURL(/\/patients\/edit\//)
  await openFormStep(tablet, 'Contacto y domicilio')
  await tablet.getByLabel('Teléfono', { exact: true }).fill('8198765432')
  await openFormStep(tablet, 'Empleo')
  await tablet.getByLabel('Número de nómina').fill('N-20441')
  await tablet.getByRole('button', { name: 'Guardar' }).click()
  await expect(tablet.getByText('1 por enviar')).toBeVisible()

  // Meanwhile the office changes the same phone.
  await (await findFernanda(office)).getByRole('button', { name: /Editar/ }).click()
  await openFormStep(office, 'Contacto y domicilio')
  await office.getByLabel('Teléfono', { exact: true }).fill('8111112222')
  await office.getByRole('button', { name: 'Guardar' }).click()
  await expect(await findFernanda(office)).toContainText('Sincronizado', { timeout: 30_000 })

  await goOnline(tabletContext, tablet)
  await expect(await findFernanda(tablet)).toContainText('En conflicto', { timeout: 30_000 })
  await tablet.getByText('1 requieren atención').click()
  await expect(tablet.getByRole('table', { name: 'Conflicto en Fernanda Ruiz Salas' })).toContainText(
    '8112345678',
  )
  await tablet.getByLabel('Teléfono: conservar el mío (8198765432)').check()
  await tablet.getByRole('button', { name: 'Aplicar decisión' }).click()
  await expect(tablet.getByText('Todo lo registrado en este dispositivo ya llegó al servidor.')).toBeVisible({
    timeout: 30_000,
  })

  const [change] = await patientChangesByCurp(tablet, curp)
  const patient = await serverGet(tablet, `/api/operation/patients/${change?.id}`)
  const onServer = { phone: patient.data.phone, payroll: patient.data.payroll_number }
  expect(onServer).toEqual({ phone: '8198765432', payroll: 'N-20441' })
})
