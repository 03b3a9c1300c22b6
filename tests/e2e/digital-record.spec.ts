import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { pdfText } from '../../src/documents/pdf-text'
import { expectAccessible } from './axe'
import { openPatients } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

/**
 * Issue 24 on a 1024×768 tablet: the doctor opens a worker's digital record from the patients
 * list (a row of the clinical data table opens it, its key in the address), reads it, then with
 * no network reloads it — the page from the service worker, the record from IndexedDB — filters
 * its timeline, and downloads the whole record as one PDF built on the tablet.
 */
test('a doctor opens a worker’s digital record offline, after an offline reload, and downloads its PDF', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'doctor@demo.localhost')
  await waitForStaffScreens(page)
  await openPatients(page)
  const row = page.getByRole('table', { name: 'Pacientes' }).getByRole('row').nth(1)
  const name = ((await row.getByRole('link').first().textContent()) ?? '').trim()
  expect(name).not.toBe('')
  // A click on the row, off its links and buttons, opens the digital record.
  await row.getByRole('cell').nth(1).click()
  await expect(page).toHaveURL(/\/digital-record\/[0-9a-f-]{36}$/)
  const patientId = new URL(page.url()).pathname.split('/').at(-1) as string
  const heading = page.getByRole('heading', { level: 1, name: `Expediente digital de ${name}` })
  await expect(heading).toBeVisible()
  const timeline = page.getByRole('table', { name: 'Historial clínico' })
  // The demo's doctor's patients have had consultations.
  await expect(timeline.getByRole('row', { name: /Consulta médica/ }).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Últimos signos vitales' })).toContainText(/Peso|Presión/)
  await expectAccessible(page, 'the digital record')

  await context.setOffline(true)
  await page.reload()
  await expect(heading).toBeVisible()
  await expect(timeline.getByRole('row', { name: /Consulta médica/ }).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Secciones del expediente' })).toBeVisible()

  // The filter goes into the address: a reload keeps it.
  const consultations = page.getByRole('checkbox', { name: /^Consulta médica \(\d+\)$/ })
  const label = await page.locator('label', { hasText: /^Consulta médica \(\d+\)$/ }).textContent()
  const count = Number(/\((\d+)\)/.exec(label ?? '')?.[1])
  expect(count).toBeGreaterThan(0)
  await consultations.click()
  await expect(page).toHaveURL(new RegExp(`/digital-record/${patientId}\\?kinds=consultation$`))
  const rows = timeline.getByRole('row')
  // The heading row and one row per consultation (the demo gives one to three: one page).
  await expect(rows).toHaveCount(1 + count)
  await expect(timeline.getByRole('row', { name: /Consulta médica/ })).toHaveCount(count)
  await page.reload()
  await expect(consultations).toHaveAttribute('aria-checked', 'true')
  await expect(rows).toHaveCount(1 + count)
  await expectAccessible(page, 'the digital record, filtered, offline')

  // The whole record as one PDF, built on the tablet with no network.
  const pdf = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar PDF' }).click()
  const download = await pdf
  expect(download.suggestedFilename()).toMatch(/^expediente_clinico_\d{2}_\d{2}_\d{4}\.pdf$/)
  const bytes = new Uint8Array(await readFile(await download.path()))
  const text = pdfText(bytes)
  expect(text).toContain('Expediente clínico digital')
  expect(text.filter((line) => line.startsWith(`${name} · CURP: `)).length).toBeGreaterThan(0)
  expect(text.some((line) => / · Consulta médica · /.test(line))).toBe(true)
})
