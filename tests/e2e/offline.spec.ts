import { expect, test } from '@playwright/test'
import { buildCurp } from '../../src/contract/rules/curp'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

/**
 * The promise of the product (issue 5): a nurse with no signal records a patient and a reading,
 * reloads the app offline and finds both, and when the network comes back they reach the server
 * once.
 */
test('a patient and a reading made offline survive a reload and reach the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await signIn(page, 'nurse@demo.localhost')
  // Every staff screen is cached once the nurse is signed in: the device may lose its signal.
  await waitForStaffScreens(page)
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Pacientes', exact: true })
    .click()
  // The seeded patients arrive through the change feed into IndexedDB.
  await expect(page.getByText(/Mostrando 1 a 10 de \d+ registros/)).toBeVisible()

  await context.setOffline(true)
  const curp = buildCurp({
    name: 'Marisol',
    lastName: 'Cárdenas',
    secondLastName: 'Villa',
    birthDate: '1991-03-14',
    sex: 'M',
    stateCurpCode: 'QT',
  })
  // The registration page opens with no signal: its code comes from the service worker's cache.
  await page.getByRole('button', { name: 'Nuevo paciente' }).click()
  await expect(page).toHaveURL(/\/patients\/create$/)
  await page.getByLabel('Nombre', { exact: true }).fill('Marisol')
  await page.getByLabel('Apellido paterno').fill('Cárdenas')
  await page.getByLabel('Apellido materno').fill('Villa')
  await page.getByLabel('Fecha de nacimiento').fill('19910314')
  await page.getByLabel('CURP').fill(curp)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Paciente guardado en este dispositivo').first()).toBeVisible()

  await page.getByPlaceholder('Buscar...').fill('marisol')
  const row = page.getByRole('row', { name: /Marisol Cárdenas Villa/ })
  await expect(row).toContainText('Por enviar')
  await row.getByRole('button', { name: /Presión arterial/ }).click()
  await page.getByLabel('Sistólica (mmHg)').fill('300')
  await page.getByLabel('Diastólica (mmHg)').fill('80')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Debe ser como máximo 250.')).toBeVisible()
  await page.getByLabel('Sistólica (mmHg)').fill('124')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Lectura guardada en este dispositivo').first()).toBeVisible()
  await expect(page.getByText('2 por enviar')).toBeVisible()

  // Offline reload: the shell comes from the service worker, the records from IndexedDB.
  await page.reload()
  await page.getByPlaceholder('Buscar...').fill('marisol')
  await expect(page.getByRole('row', { name: /Marisol Cárdenas Villa/ })).toContainText('Por enviar')
  await expect(page.getByText('2 por enviar')).toBeVisible()

  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByRole('row', { name: /Marisol Cárdenas Villa/ })).toContainText('Sincronizado', {
    timeout: 30_000,
  })
  await expect(page.getByText(/por enviar/)).toHaveCount(0)

  // The server has the patient once, and its one reading.
  const onServer = await page.evaluate(async (wanted) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const headers = { authorization: `Bearer ${token}` }
    const feed = await (await fetch('/api/sync/changes?limit=5000', { headers })).json()
    const patients = feed.data.changes.filter(
      (c: { entity: string; data: { curp?: string } | null }) =>
        c.entity === 'patient' && c.data?.curp === wanted,
    )
    const id = patients[0]?.id
    const readings = await (
      await fetch(`/api/operation/patients/blood-pressure?patient_id=${id}`, { headers })
    ).json()
    return { patients: patients.length, readings: readings.data.length }
  }, curp)
  expect(onServer).toEqual({ patients: 1, readings: 1 })
})
