import { expect, test } from '@playwright/test'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

/**
 * Issue 6, record sections offline: an administrator opens a patient's record, loses the network, adds a
 * medical condition and an allergy, reloads the app offline and finds both; when the network
 * comes back they reach the server once, with the note that the record was opened offline.
 */
test('record section entries made offline survive a reload and reach the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  // The administrator: auth.spec changes the doctor's password on the shared e2e server.
  await signIn(page, 'admin@demo.localhost')
  // Every staff screen is cached once a professional is signed in: the device may lose its signal.
  await waitForStaffScreens(page)
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Pacientes', exact: true })
    .click()
  // The seeded patients arrive through the change feed into IndexedDB.
  await expect(page.getByText(/Mostrando 1 a 10 de \d+ registros/)).toBeVisible()
  const link = page.getByRole('link', { name: /^Expediente / }).first()
  const fullName = ((await link.textContent()) ?? '').replace(/^Expediente\s*/, '').trim()
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: `Expediente de ${fullName}` })).toBeVisible()
  const patientId = new URL(page.url()).pathname.split('/').at(-1) as string
  const conditions = page.getByRole('region', { name: 'Condiciones médicas' })
  await conditions.getByRole('button', { name: 'Agregar Condiciones médicas' }).click()
  const dialog = page.getByRole('dialog', { name: 'Agregar: Condiciones médicas' })
  // The condition list reached the device's catalog cache (after the first pull) before the network goes.
  await expect(
    dialog.getByLabel('Condición médica').locator('option', { hasText: 'Hipertensión' }),
  ).toHaveCount(1)

  await context.setOffline(true)
  await dialog.getByLabel('Condición médica').selectOption({ label: 'Hipertensión' })
  await dialog.getByLabel('Año').fill('1919')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog.getByText('Debe ser al menos 1920.')).toBeVisible()
  await dialog.getByLabel('Año').fill('2015')
  await dialog.getByLabel('Nota').fill('Controlada con dieta')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog).toBeHidden()
  const condition = conditions.getByRole('listitem').filter({ hasText: 'Hipertensión · 2015' })
  await expect(condition).toContainText('Por enviar')

  const allergies = page.getByRole('region', { name: 'Alergias y tolerancias' })
  await allergies.getByRole('button', { name: 'Agregar Alergias y tolerancias' }).click()
  const allergyDialog = page.getByRole('dialog', { name: 'Agregar: Alergias y tolerancias' })
  await allergyDialog.getByLabel('Descripción').fill('Penicilina')
  await allergyDialog.getByRole('button', { name: 'Guardar' }).click()
  const allergy = allergies.getByRole('listitem').filter({ hasText: 'Penicilina' })
  await expect(allergy).toContainText('Por enviar')
  await expect(page.getByText('2 por enviar')).toBeVisible()

  // Offline reload: the shell comes from the service worker, the entries from IndexedDB.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: `Expediente de ${fullName}` })).toBeVisible()
  await expect(condition).toContainText('Por enviar')
  await expect(allergy).toContainText('Por enviar')
  // The record opened again offline queues its audit note beside the two entries (decision 0038).
  await expect(page.getByText('3 por enviar')).toBeVisible()

  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByText(/por enviar/i)).toHaveCount(0, { timeout: 30_000 })
  await expect(condition).toBeVisible()
  await expect(allergy).toBeVisible()

  // The server has each entry once.
  const onServer = await page.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const headers = { authorization: `Bearer ${token}` }
    const list = async (section: string) =>
      (await (await fetch(`/api/operation/patients/${section}?patient_id=${id}`, { headers })).json()).data
    return { conditions: await list('medical-conditions'), allergies: await list('allergies-tolerances') }
  }, patientId)
  expect(onServer.conditions).toMatchObject([
    { medical_condition_id: expect.any(String), year: 2015, note: 'Controlada con dieta', version: 1 },
  ])
  expect(onServer.allergies).toMatchObject([{ description: 'Penicilina', version: 1 }])
})
