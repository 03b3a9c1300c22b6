import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { goOnline, openFromRecordBanner, openPatients, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

/** A patient of the nurse's list: their name and id, read from the row's record link. */
async function patientAt(page: Page, index: number): Promise<{ name: string; id: string }> {
  const link = page.getByRole('link', { name: /^Expediente / }).nth(index)
  const name = ((await link.textContent()) ?? '').replace(/^Expediente\s*/, '').trim()
  const id = decodeURIComponent(((await link.getAttribute('href')) ?? '').split('/').at(-1) ?? '')
  return { name, id }
}

/** Two patients of the nurse's first rows with no triage yet (the demo follows some already). */
async function twoWithoutTriage(page: Page): Promise<Array<{ name: string; id: string }>> {
  const found: Array<{ name: string; id: string }> = []
  for (let index = 0; found.length < 2; index++) {
    const patient = await patientAt(page, index)
    const record = await serverGet(page, `/api/covid/medic-consultation?patient_id=${patient.id}`)
    if (record.data.consultations.length === 0) found.push(patient)
  }
  return found
}

/** From the patient's record, the banner's "Triage COVID" opens the triage form. */
async function openTriage(page: Page, patient: { name: string; id: string }) {
  await openPatients(page)
  await page.getByPlaceholder('Buscar...').fill(patient.name)
  await page.getByRole('link', { name: `Expediente ${patient.name}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Expediente de ${patient.name}` })).toBeVisible()
  await openFromRecordBanner(page, 'Nuevo registro', 'Triage COVID')
  await expect(page).toHaveURL(new RegExp(`/covid/create/${patient.id}$`))
  return page.getByRole('form', { name: 'Nuevo triage COVID' })
}

/** The patient's COVID record on the server (`GET /api/covid/medic-consultation?patient_id=`). */
interface ServerRecord {
  consultations: Array<{ id: string; notes: string | null; classification: string }>
  reclassifications: Array<{ id: string; reason: string; consultation_id: string }>
}
const serverRecord = async (page: Page, patientId: string): Promise<ServerRecord> =>
  (await serverGet(page, `/api/covid/medic-consultation?patient_id=${patientId}`)).data

const SEVERE_NOTE = 'Fiebre y disnea desde ayer; se refiere a urgencias.'
const CALM_NOTE = 'Tos leve, sin datos de alarma.'
const REASON = 'Disnea de nueva aparición al llamarle.'

/**
 * Issue 20 on a 1024×768 tablet: with no signal, the nurse triages two patients — one comes out
 * high risk and heads /covid in its colour —, reclassifies the other, reloads offline and finds
 * everything; when the network comes back each record reaches the server once.
 */
test('a nurse triages two patients offline, reclassifies one, and everything reaches the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'nurse@demo.localhost')
  await waitForStaffScreens(page)
  await openPatients(page)
  const [severe, calm] = (await twoWithoutTriage(page)) as [
    { name: string; id: string },
    { name: string; id: string },
  ]

  await context.setOffline(true)
  // The first patient: fast breathing, low saturation and fever — NEWS2 8, high risk.
  let form = await openTriage(page, severe)
  await form.getByLabel('Estatus').selectOption({ label: 'Sospechoso' })
  await form.getByLabel('Frecuencia respiratoria (rpm)').fill('26')
  await form.getByLabel('Oximetría (%)').fill('90')
  await form.getByLabel('Temperatura (°C)').fill('39.4')
  await form.getByLabel('Presión sistólica (mmHg)').fill('118')
  await form.getByLabel('Frecuencia cardiaca (lpm)').fill('96')
  await expect(form.getByTestId('proposed-classification')).toHaveText('Riesgo alto')
  await expect(form.getByText(/NEWS2: \d+/)).toHaveText(/NEWS2: (8|9|1\d)/)
  await form.getByLabel('Nota').fill(SEVERE_NOTE)
  await expectAccessible(page, 'the triage form with its proposal')
  await form.getByRole('button', { name: 'Guardar triage' }).click()
  await expect(page.getByText('Triage guardado en este dispositivo').first()).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/covid/history/${severe.id}$`))

  // The second patient: calm vital signs, low risk; then reclassified to medium.
  form = await openTriage(page, calm)
  await form.getByLabel('Frecuencia respiratoria (rpm)').fill('16')
  await form.getByLabel('Oximetría (%)').fill('97')
  await form.getByLabel('Temperatura (°C)').fill('36.8')
  await form.getByLabel('Presión sistólica (mmHg)').fill('122')
  await form.getByLabel('Frecuencia cardiaca (lpm)').fill('74')
  await expect(form.getByTestId('proposed-classification')).toHaveText(/Riesgo (bajo|bajo-medio)/)
  await form.getByLabel('Nota').fill(CALM_NOTE)
  await form.getByRole('button', { name: 'Guardar triage' }).click()
  await expect(page).toHaveURL(new RegExp(`/covid/history/${calm.id}$`))
  await page.getByRole('button', { name: 'Reclasificar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reclasificar triage' })
  await dialog.getByLabel('Nueva clasificación').selectOption({ label: 'Riesgo medio' })
  await dialog.getByLabel('Motivo de la reclasificación').fill(REASON)
  await dialog.getByRole('button', { name: 'Guardar reclasificación' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.locator('.covid-summary')).toContainText('Riesgo medio')
  const reclassifications = page.getByRole('list', { name: 'Reclasificaciones' })
  await expect(reclassifications.getByRole('listitem')).toHaveCount(1)
  await expect(reclassifications).toContainText('Por enviar')
  await expectAccessible(page, 'the triage history')

  // /covid: the high-risk patient heads the list (the most urgent first, then the latest; the
  // demo's triages lie days back), in the colour of its classification.
  await page.getByRole('link', { name: 'Volver al triage' }).click()
  const table = page.getByRole('table', { name: 'Triage COVID' })
  // Every followed patient on one page (the demo follows a dozen of hers).
  const everyRow = () => page.getByLabel('Mostrar registros por página').selectOption('100')
  await everyRow()
  const expectOrder = async () => {
    await expect(table.getByRole('row').nth(1)).toContainText(severe.name)
    await expect(table.getByRole('row').nth(1)).toHaveClass(/triage-high/)
    await expect(table.getByRole('row', { name: new RegExp(calm.name) })).toHaveClass(/triage-medium/)
  }
  await expectOrder()
  await expectAccessible(page, 'the triage list')

  // Offline reload: the page from the service worker, the records from IndexedDB.
  await page.reload()
  await everyRow()
  await expectOrder()

  await goOnline(context, page)
  // The server holds each triage once, and the reclassification once, applied to the calm patient.
  const mine = async () => {
    const [ofSevere, ofCalm] = await Promise.all([serverRecord(page, severe.id), serverRecord(page, calm.id)])
    return {
      severe: ofSevere.consultations.filter((row) => row.notes === SEVERE_NOTE).length,
      calm: ofCalm.consultations
        .filter((row) => row.notes === CALM_NOTE)
        .map((row) => ({ consultations: 1, classification: row.classification })),
      reclassified: ofCalm.reclassifications.filter((row) => row.reason === REASON).length,
    }
  }
  await expect
    .poll(mine, { timeout: 30_000 })
    .toEqual({ severe: 1, calm: [{ consultations: 1, classification: 'medium' }], reclassified: 1 })
  await expect(page.getByText(/por enviar/i)).toHaveCount(0, { timeout: 30_000 })
  // After the pull the list shows the server's values: the same.
  await expectOrder()
})

/** How far the page is wider than the window (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement: root, body } = document
    return Math.max(root.scrollWidth - root.clientWidth, body.scrollWidth - body.clientWidth, 0)
  })

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the triage history and form of a followed patient fit a 390×844 phone', async ({ page }) => {
    await signIn(page, 'nurse@demo.localhost')
    await page.goto('/covid')
    const followed = page.getByRole('table', { name: 'Triage COVID' }).getByRole('link').first()
    await followed.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Historial COVID' })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Consultas de triage' }).getByRole('listitem').first(),
    ).toBeVisible()
    expect(await overflow(page)).toBe(0)
    await page.getByRole('link', { name: 'Nuevo triage' }).click()
    await expect(page.getByRole('form', { name: 'Nuevo triage COVID' })).toBeVisible()
    await page.getByLabel('Clasificación elegida').selectOption({ label: 'Riesgo alto' })
    await expect(page.getByLabel('Motivo del cambio de clasificación')).toBeVisible()
    expect(await overflow(page)).toBe(0)
  })
})
