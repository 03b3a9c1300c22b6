import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { signIn } from './sign-in'

/**
 * The /patients list of issue 6: the assigned-professional filter, the switch to the server's
 * list with its pages, the selection rule, and an assignment of two selected patients that shows
 * on the list (from the server, and on the device after the pull the call starts).
 */
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Navegación' })
const serverTable = (page: Page) => page.getByRole('table', { name: 'Pacientes en el servidor' })

// The office's desktop: at this width the table shows the assigned professional, which this test
// reads in the rows (narrower, that column gives way and is read by expanding a row).
test.use({ viewport: { width: 2560, height: 1440 } })

test('an administrator filters by assigned professional, pages the server’s list and assigns two patients', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await signIn(page, 'admin@demo.localhost')
  await sidebar(page).getByRole('link', { name: 'Pacientes', exact: true }).click()
  // The administrator's device holds every patient once the first pull ends. Other specs share
  // this server and add patients, so the total is the server's own count, not the seed's 200.
  const serverOption = page.getByText(/Todos en el servidor \(\d+\)/)
  await expect(serverOption).toBeVisible({ timeout: 60_000 })
  const total = Number((await serverOption.textContent())?.match(/\((\d+)\)/)?.[1] ?? Number.NaN)
  expect(total).toBeGreaterThanOrEqual(200)
  await expect(page.getByText(`Mostrando 1 a 10 de ${total} registros`)).toBeVisible({ timeout: 60_000 })

  // The selection rule: nothing selected, nothing sent.
  await page.getByRole('button', { name: 'Asignar a un profesional' }).click()
  await expect(page.getByText('Debe seleccionar al menos un paciente.')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // On the device: the nurse's patients (the seed's forty, and those she registered in other
  // specs), then the patients nobody has.
  const assigned = page.getByLabel('Profesional asignado')
  await assigned.selectOption({ label: 'Lucía Mendoza Pineda' })
  const hers = page.getByText(/Mostrando 1 a 10 de (\d+) registros/)
  await expect(hers).toBeVisible()
  expect(Number((await hers.textContent())?.match(/de (\d+) registros/)?.[1])).toBeGreaterThanOrEqual(40)
  await expect(page.getByText(`Mostrando 1 a 10 de ${total} registros`)).toHaveCount(0)
  await expect(page.getByRole('row').nth(1)).toContainText('Lucía Mendoza Pineda')
  await assigned.selectOption({ label: 'Sin asignar' })
  const unassigned = page.getByText(/Mostrando 1 a 10 de (\d+) registros/)
  await expect(unassigned).toBeVisible()
  const count = Number((await unassigned.textContent())?.match(/de (\d+) registros/)?.[1])
  expect(count).toBeGreaterThan(20)

  // The server's list, with the same filter, paged by the server.
  await page.getByRole('radio', { name: /Todos en el servidor/ }).check()
  await expect(serverTable(page)).toBeVisible()
  await expect(page.getByText(`Mostrando 1 a 10 de ${count} registros`)).toBeVisible()
  await page.getByRole('button', { name: 'Página 2' }).click()
  await expect(page.getByText(`Mostrando 11 a 20 de ${count} registros`)).toBeVisible()
  await expectAccessible(page, 'patients list in server mode')

  const boxes = serverTable(page).getByRole('checkbox', { name: /^Seleccionar a / })
  // The name is the row's second cell (after its checkbox).
  const nameOf = async (index: number) =>
    (await serverTable(page).getByRole('row').nth(index).getByRole('cell').nth(1).textContent()) ?? ''
  const names = [await nameOf(1), await nameOf(2)]
  expect(names.every((name) => name.length > 0)).toBe(true)
  await boxes.nth(0).click()
  await boxes.nth(1).click()
  await expect(page.getByText('2 pacientes seleccionados')).toBeVisible()
  await page.getByRole('button', { name: 'Asignar a un profesional' }).click()
  const dialog = page.getByRole('dialog', { name: 'Asignar a un profesional' })
  await dialog.getByRole('button', { name: 'Asignar' }).click()
  await expect(dialog.getByText('Las asignaciones no pueden estar vacías.')).toBeVisible()
  await dialog.getByLabel('Profesional').selectOption({ label: 'Tomás Reyes Cantú' })
  await dialog.getByRole('button', { name: 'Asignar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Pacientes asignados: 2' })).toBeVisible()
  await expect(page.getByText(`de ${count - 2} registros`)).toBeVisible()

  // Tomás now has exactly those two, on the server and, after the pull, on this device.
  await assigned.selectOption({ label: 'Tomás Reyes Cantú' })
  await expect(page.getByText('Mostrando 1 a 2 de 2 registros')).toBeVisible()
  for (const name of names) {
    await expect(serverTable(page).getByRole('row', { name: new RegExp(name) })).toContainText(
      'Tomás Reyes Cantú',
    )
  }
  await page.getByRole('radio', { name: /En este dispositivo/ }).check()
  await expect(page.getByText('Mostrando 1 a 2 de 2 registros')).toBeVisible({ timeout: 30_000 })
  for (const name of names) {
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Tomás Reyes Cantú')
  }
})
