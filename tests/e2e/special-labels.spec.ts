import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { openFormStep, openPatients } from './patients'
import { signIn } from './sign-in'

/**
 * Issue 6's special labels: an administrator creates a label with a sublabel, gives it to a
 * patient on the patient form (saved on the device, sent through the outbox) and finds that
 * patient by it on /patients, on the device and on the server.
 */
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Navegación' })

test('an administrator creates a special label, applies it to a patient and filters the list by it', async ({
  page,
}) => {
  test.setTimeout(150_000)
  // Each run makes its own label: other specs share the server.
  const label = `Vigilancia ${Date.now() % 100_000}`
  await signIn(page, 'admin@demo.localhost')

  await sidebar(page).getByRole('link', { name: 'Etiquetas especiales' }).click()
  await expect(page).toHaveURL(/\/special-labels$/)
  await page.getByRole('link', { name: 'Nueva etiqueta especial' }).click()
  await page.getByLabel('Nombre', { exact: true }).fill(label)
  await page.getByLabel('Color').selectOption('red')
  await page.getByLabel('Icono').selectOption('alert')
  await page.getByLabel('Subetiqueta 1').fill('Turno nocturno')
  await expectAccessible(page, 'special label form')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page).toHaveURL(/\/special-labels$/)
  await expect(page.getByRole('row', { name: new RegExp(label) })).toContainText('Turno nocturno')

  // The first patient of the list gets the new sublabel, from the device's copy of the catalogue.
  await openPatients(page)
  const first = page.getByRole('row').nth(1)
  // The name is the row's first link (its cell's place depends on the columns shown: the selection
  // box comes with the administrator's permissions, other columns give way to the width).
  await expect(first.getByRole('link').first()).toBeVisible()
  const name = (await first.getByRole('link').first().textContent())?.trim() ?? ''
  expect(name.length).toBeGreaterThan(0)
  await first.getByRole('button', { name: /Editar/ }).click()
  await expect(page).toHaveURL(/\/patients\/edit\//)
  await openFormStep(page, 'Empleo')
  const labels = page.getByRole('group', { name: label })
  await labels.getByRole('checkbox', { name: 'Turno nocturno' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page).toHaveURL(/\/patients$/)

  // On the device: only that patient carries it.
  const filter = page.getByLabel('Etiqueta especial')
  await filter.selectOption({ label: `${label}: Turno nocturno` })
  await expect(page.getByText('Mostrando 1 a 1 de 1 registros')).toBeVisible()
  await expect(page.getByRole('row').nth(1)).toContainText(name)
  await expect(page.getByRole('row').nth(1)).toContainText('Sincronizado', { timeout: 30_000 })

  // On the server, once the edit reached it.
  await page.getByRole('radio', { name: /Todos en el servidor/ }).check()
  await expect(page.getByRole('table', { name: 'Pacientes en el servidor' })).toBeVisible()
  await expect(page.getByText('Mostrando 1 a 1 de 1 registros')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Pacientes en el servidor' })).toContainText(name)
})
