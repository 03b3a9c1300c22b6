import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { signIn } from './sign-in'

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

/** The phone's way to a screen: the menu button, then the sidebar's link. */
async function open(page: Page, screen: string) {
  await page.getByRole('button', { name: 'Menú' }).click()
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: screen, exact: true })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible()
}

/** Nothing wider than the phone (a mobile browser would zoom the page out): no horizontal scroll. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, wider } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    // What sticks out, to name the culprit (a text alternative hidden off screen is no culprit).
    wider: [...document.querySelectorAll('body *')]
      .filter((element) => !element.closest('.visually-hidden'))
      .filter((element) => element.getBoundingClientRect().right > 390.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }))
  expect(scrollWidth, wider.join(', ')).toBeLessThanOrEqual(390)
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Registro guardado en este dispositivo').first()).toBeVisible()
}

/**
 * Issue 7 on a phone: the patient, with no signal, records each self-tracking kind (body measures
 * in lb and ft), sees the chart, downloads the PDF built on the device, and once back online the
 * server has each entry exactly once.
 */
test('a patient records every kind offline on a phone, gets the PDF, and the server has each once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'patient@demo.localhost')
  await expect(page).toHaveURL(/\/dashboard\/patient-home$/)
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready
    return navigator.serviceWorker.controller !== null
  })
  // The first pull brings the catalogs (the blood-pressure categories) to the device; the phone
  // hides its time, but it is there.
  await expect(page.getByText(/Sincronizado a las/)).toBeAttached({ timeout: 30_000 })
  const shortcuts = page.getByRole('navigation', { name: 'Mi salud' })
  await expect(shortcuts.getByRole('link', { name: /Glucosa/ })).toBeVisible()
  await expectNoHorizontalScroll(page)
  await expectAccessible(page, 'patient home')

  await context.setOffline(true)

  // Glucose, from the home's shortcut.
  await shortcuts.getByRole('link', { name: /Glucosa/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Glucosa' })).toBeVisible()
  await page.getByLabel('Glucosa (mg/dL)').fill('30')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('La glucosa debe estar entre 40 y 850 mg/dL')).toBeVisible()
  await page.getByLabel('Glucosa (mg/dL)').fill('98')
  await page.getByLabel('Momento').selectOption({ label: 'En ayunas' })
  await save(page)
  const log = page.locator('.reading-log')
  await expect(log).toContainText('98 mg/dL · En ayunas')
  await expect(log).toContainText('Por enviar')
  // The chart of the last 7 days, drawn from the device.
  await expect(page.getByRole('region', { name: 'Glucosa' }).locator('canvas')).toBeVisible()
  await expectNoHorizontalScroll(page)
  await expectAccessible(page, 'glucose')

  // The PDF of the chosen range, built on the device with no signal.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar PDF Glucosa' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^glucosa_\d{2}_\d{2}_\d{4}\.pdf$/)
  const bytes = await readFile((await download.path()) as string)
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF')

  // Blood pressure, classified by the tenant's categories.
  await open(page, 'Presión arterial')
  await page.getByLabel('Sistólica (mmHg)').fill('128')
  await page.getByLabel('Diastólica (mmHg)').fill('84')
  await save(page)
  await expect(log).toContainText('128/84 mmHg')
  await expect(log).toContainText('Hipertensión etapa 1')

  // Somatometry in lb and ft: the range is named in lb, the entry is stored in SI.
  await open(page, 'Somatometría')
  await page.getByRole('group', { name: 'Unidad de peso' }).getByRole('button', { name: 'lb' }).click()
  await page.getByRole('group', { name: 'Unidad de estatura' }).getByRole('button', { name: 'ft' }).click()
  await page.getByLabel('Peso (lb)').fill('700')
  await page.getByLabel('Estatura (ft) (opcional)').fill('5.74')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('El peso debe estar entre 2.2 y 661.3 lb')).toBeVisible()
  await expectAccessible(page, 'somatometry')
  await page.getByLabel('Peso (lb)').fill('154.3')
  await save(page)
  await expect(log).toContainText('154.3 lb · 5.74 ft')
  await expect(log).toContainText('IMC: 22.9')
  await expectNoHorizontalScroll(page)

  // Nutrition: a meal and the water of the day.
  await open(page, 'Nutrición')
  await page.getByRole('button', { name: 'Agregar comida' }).click()
  await page.getByLabel('Hora de la comida 1').fill('08:30')
  await page.getByLabel('Descripción de la comida 1').fill('Avena con plátano')
  await page.getByLabel('Agua (ml) (opcional)').fill('1500')
  await save(page)
  await expect(log).toContainText('1 comida · 1500 ml de agua')
  await expect(log).toContainText('08:30 Avena con plátano')

  // A habit: the quantity's label follows the habit.
  await open(page, 'Hábitos')
  await page.getByLabel('Hábito', { exact: true }).selectOption({ label: 'Ejercicio' })
  await page.getByLabel('Frecuencia', { exact: true }).selectOption({ label: 'Diario' })
  await page.getByLabel('Minutos (opcional)').fill('45')
  await save(page)
  await expect(log).toContainText('Ejercicio · Diario · 45 minutos')
  await expect(page.getByText('5 por enviar')).toBeVisible()

  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByText(/por enviar/)).toHaveCount(0, { timeout: 30_000 })

  // The server has each entry once, in SI.
  const onServer = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('session') ?? '{}')
    const headers = { authorization: `Bearer ${session.accessToken}` }
    const patientId = session.user.patient_id
    const list = async (path: string) =>
      (await (await fetch(`/api/operation/patients/${path}?patient_id=${patientId}`, { headers })).json())
        .data
    return {
      glucose: await list('glucose'),
      bloodPressure: await list('blood-pressure'),
      somatometry: await list('somatometry'),
      nutrition: await list('nutritions'),
      habits: await list('habits'),
    }
  })
  expect(onServer.glucose).toHaveLength(1)
  expect(onServer.glucose[0]).toMatchObject({ glucose: 98, moment: 'fasting' })
  expect(onServer.bloodPressure).toHaveLength(1)
  expect(onServer.bloodPressure[0]).toMatchObject({ systolic: 128, diastolic: 84 })
  expect(onServer.somatometry).toHaveLength(1)
  expect(onServer.somatometry[0].weight_kg).toBeCloseTo(69.989, 2)
  expect(onServer.somatometry[0].height_m).toBeCloseTo(1.7496, 3)
  expect(onServer.nutrition).toHaveLength(1)
  expect(onServer.nutrition[0]).toMatchObject({
    meals: [{ time: '08:30', description: 'Avena con plátano' }],
    water_ml: 1500,
  })
  expect(onServer.habits).toHaveLength(1)
  expect(onServer.habits[0]).toMatchObject({ habit: 'exercise', frequency: 'daily', quantity: 45 })

  // Every kind on one screen, over one range.
  await open(page, 'Mi evolución')
  for (const kind of ['Presión arterial', 'Glucosa', 'Somatometría', 'Nutrición', 'Hábitos']) {
    await expect(page.getByRole('region', { name: kind }).locator('canvas')).toBeVisible()
  }
  await expectNoHorizontalScroll(page)
  await expectAccessible(page, 'evolution')

  // My log across the kinds: an amendment and a delete, both synced.
  await open(page, 'Mi registro')
  await expect(log.getByRole('listitem')).toHaveCount(5)
  await expectAccessible(page, 'my log')
  await log.getByRole('button', { name: /^Editar .*Ejercicio/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar: Hábitos' })
  await dialog.getByLabel('Minutos (opcional)').fill('60')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Cambios guardados en este dispositivo').first()).toBeVisible()
  await expect(log).toContainText('Ejercicio · Diario · 60 minutos')
  await log.getByRole('button', { name: /^Eliminar .*1 comida/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click()
  await expect(log.getByRole('listitem')).toHaveCount(4)
  await expect(page.getByText(/por enviar/)).toHaveCount(0, { timeout: 30_000 })
  const amended = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('session') ?? '{}')
    const headers = { authorization: `Bearer ${session.accessToken}` }
    const list = async (path: string) =>
      (
        await (
          await fetch(`/api/operation/patients/${path}?patient_id=${session.user.patient_id}`, { headers })
        ).json()
      ).data
    return { habits: await list('habits'), nutrition: await list('nutritions') }
  })
  expect(amended.habits).toHaveLength(1)
  expect(amended.habits[0]).toMatchObject({ habit: 'exercise', quantity: 60 })
  expect(amended.nutrition).toHaveLength(0)
})
