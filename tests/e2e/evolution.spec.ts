import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import * as XLSX from 'xlsx'
import { rangeBounds } from '../../src/ui/charts/date-range'
import { expectAccessible } from './axe'
import { goOnline, openFromRecordBanner, openPatients, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

/** A spreadsheet's rows (the header first) from its bytes. */
const sheetRows = (bytes: Uint8Array) => {
  const book = XLSX.read(bytes, { type: 'array' })
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet, {
    header: 1,
  })
}

/** The browser's own time zone: the device reads its days there, and asks the server to. */
const browserZone = (page: Page) => page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)

/**
 * Issue 24's evolution on a 1024×768 tablet: with no signal, the doctor takes a worker's blood
 * pressure from the patients list, opens the worker's evolution from the record's banner, reloads
 * offline and finds the reading on the blood-pressure chart beside the consultations marked and
 * the evolution notes; once back online the server's `chart-data` holds the same reading.
 */
test('a reading taken offline shows on the evolution chart after an offline reload', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'doctor@demo.localhost')
  await waitForStaffScreens(page)
  await openPatients(page)
  const link = page.getByRole('link', { name: /^Expediente / }).first()
  const fullName = ((await link.textContent()) ?? '').replace(/^Expediente\s*/, '').trim()

  await context.setOffline(true)
  const row = page.getByRole('row', { name: new RegExp(fullName) }).first()
  await row.getByRole('button', { name: /Presión arterial/ }).click()
  await page.getByLabel('Sistólica (mmHg)').fill('187')
  await page.getByLabel('Diastólica (mmHg)').fill('96')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Lectura guardada en este dispositivo').first()).toBeVisible()

  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: `Expediente de ${fullName}` })).toBeVisible()
  const patientId = new URL(page.url()).pathname.split('/').at(-1) as string
  await openFromRecordBanner(page, 'Ver', 'Evolución')
  await expect(page).toHaveURL(new RegExp(`/digital-record/patient-evolution/${patientId}$`))

  // Offline reload: the page from the service worker, the consultations and the reading from IndexedDB.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Evolución del paciente' })).toBeVisible()
  await expect(page.getByText(fullName)).toBeVisible()
  await page.getByRole('button', { name: '1 año' }).click()
  const pressure = page.getByRole('region', { name: 'Presión arterial' })
  await expect(
    pressure.getByRole('img', { name: /^Presión arterial del \d{4}\/\d{2}\/\d{2} al / }),
  ).toBeVisible()
  // The chart's values, as a screen reader reads them: today's reading is the last point.
  const values = pressure.getByRole('table', { name: 'Presión arterial' })
  await expect(values.getByRole('row').last()).toContainText('18796')
  // The demo doctor's patients have had consultations this year: they are marked and their notes listed.
  await expect(page.getByText(/^\d+ consultas? marcadas? en el periodo$/)).not.toHaveText(/^0 /)
  const notes = page.getByRole('region', { name: 'Notas de evolución' })
  await expect(notes.getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} · Consulta médica/).first()).toBeVisible()
  await expectAccessible(page, 'the patient evolution')

  await goOnline(context, page)
  await expect(page.getByText(/por enviar/)).toHaveCount(0, { timeout: 30_000 })
  const { from, to } = rangeBounds('1y', new Date())
  const zone = encodeURIComponent(await browserZone(page))
  const answer = await serverGet(
    page,
    `/api/operation/patients/chart-data?patient_id=${patientId}&from=${from}&to=${to}&time_zone=${zone}`,
  )
  const systolic = (answer.data.series.systolic as Array<{ value: number; source: string }>).at(-1)
  expect(systolic).toEqual(expect.objectContaining({ value: 187, source: 'reading' }))
})

/**
 * Issue 24's concentrated index on a 1024×768 tablet: the doctor opens it from the menu, narrows it
 * to one system over a year with no signal, and downloads its spreadsheet built on the device;
 * back online, the server's `…/affected-systems/excel` gives the same rows for the same filters.
 */
test('the affected systems index works offline and its spreadsheet is the server’s', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'doctor@demo.localhost')
  await waitForStaffScreens(page)
  await openPatients(page)

  await context.setOffline(true)
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Concentrado de aparatos y sistemas', exact: true })
    .click()
  await expect(page).toHaveURL(/\/digital-record\/affected-systems$/)
  const title = 'Concentrado de aparatos y sistemas'
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('button', { name: '1 año' }).click()
  const table = page.getByRole('table', { name: title })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  const figures = page.getByRole('list', { name: 'Aparatos y sistemas en el periodo' })
  const system = ((await figures.getByRole('listitem').first().locator('strong').textContent()) ?? '').trim()
  await page.getByLabel('Aparato o sistema afectado').selectOption({ label: system })
  // Only that system's figures stay above the rows (the table gives its system column way here).
  await expect(figures.getByRole('listitem')).toHaveCount(1)
  await expect(figures).toContainText(system)
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await expectAccessible(page, 'the affected systems index')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^sistemas_afectados_\d{2}_\d{2}_\d{4}\.xlsx$/)
  const device = sheetRows(readFileSync((await file.path()) as string))
  expect(device[0]?.[0]).toBe('Aparato o sistema afectado')
  expect(device.length).toBeGreaterThan(1)
  expect(device.slice(1).every((line) => line[0] === system)).toBe(true)

  await goOnline(context, page)
  const systemId = await page.getByLabel('Aparato o sistema afectado').inputValue()
  const { from, to } = rangeBounds('1y', new Date())
  const query = `from=${from}&to=${to}&affected_system=${systemId}&time_zone=${encodeURIComponent(await browserZone(page))}`
  const bytes = await page.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    return [...new Uint8Array(await answer.arrayBuffer())]
  }, `/api/operation/patients/affected-systems/excel?${query}`)
  expect(sheetRows(new Uint8Array(bytes))).toEqual(device)
})
