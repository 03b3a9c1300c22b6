import { expect, type Page, test } from '@playwright/test'
import { buildCurp } from '../../src/contract/rules/curp'
import { signIn } from './sign-in'

const openPatients = async (page: Page) => {
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Pacientes', exact: true })
    .click()
  await expect(page.getByText(/Mostrando 1 a \d+ de \d+ registros/)).toBeVisible()
}

const findPatient = async (page: Page, search: string) => {
  await page.getByPlaceholder('Buscar...').fill(search)
  return page.getByRole('row', { name: /Fernanda Ruiz Salas/ })
}

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
  await office.getByLabel('Teléfono', { exact: true }).fill('8112345678')
  await office.getByRole('button', { name: 'Guardar' }).click()
  await expect(await findPatient(office, 'fernanda')).toContainText('Sincronizado', { timeout: 30_000 })

  // The tablet learns of her through the change feed, then loses its signal.
  await tablet.waitForFunction(async () => (await navigator.serviceWorker.ready) !== null)
  await openPatients(tablet)
  await tablet.reload()
  await expect(await findPatient(tablet, 'fernanda')).toContainText('Sincronizado', { timeout: 30_000 })
  await tabletContext.setOffline(true)
  await (await findPatient(tablet, 'fernanda')).getByRole('button', { name: /Editar/ }).click()
  await expect(tablet).toHaveURL(/\/patients\/edit\//)
  await tablet.getByLabel('Teléfono', { exact: true }).fill('8198765432')
  await tablet.getByLabel('Número de nómina').fill('N-20441')
  await tablet.getByRole('button', { name: 'Guardar' }).click()
  await expect(tablet.getByText('1 por enviar')).toBeVisible()

  // Meanwhile the office changes the same phone.
  await (await findPatient(office, 'fernanda')).getByRole('button', { name: /Editar/ }).click()
  await office.getByLabel('Teléfono', { exact: true }).fill('8111112222')
  await office.getByRole('button', { name: 'Guardar' }).click()
  await expect(await findPatient(office, 'fernanda')).toContainText('Sincronizado', { timeout: 30_000 })

  await tabletContext.setOffline(false)
  await tablet.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(await findPatient(tablet, 'fernanda')).toContainText('En conflicto', { timeout: 30_000 })
  await tablet.getByText('1 requieren atención').click()
  await expect(tablet.getByRole('table', { name: 'Conflicto en Fernanda Ruiz Salas' })).toContainText(
    '8112345678',
  )
  await tablet.getByLabel('Teléfono: conservar el mío (8198765432)').check()
  await tablet.getByRole('button', { name: 'Aplicar decisión' }).click()
  await expect(tablet.getByText('Todo lo registrado en este dispositivo ya llegó al servidor.')).toBeVisible({
    timeout: 30_000,
  })

  const onServer = await tablet.evaluate(async (wanted) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const headers = { authorization: `Bearer ${token}` }
    const feed = await (await fetch('/api/sync/changes?limit=5000', { headers })).json()
    const change = feed.data.changes.find(
      (c: { entity: string; data: { curp?: string } | null }) =>
        c.entity === 'patient' && c.data?.curp === wanted,
    )
    const patient = await (await fetch(`/api/operation/patients/${change.id}`, { headers })).json()
    return { phone: patient.data.phone, payroll: patient.data.payroll_number }
  }, curp)
  expect(onServer).toEqual({ phone: '8198765432', payroll: 'N-20441' })
})
