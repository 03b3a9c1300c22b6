import { expect, type Page, test } from '@playwright/test'
import { buildCurp } from '../../src/contract/rules/curp'
import { expectAccessible } from './axe'
import { goOnline, openFromRecordBanner, openPatients, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

/** A real JPEG (16×16, drawn by the browser's own encoder), as a tablet's camera would hand over. */
async function aPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 16
    canvas.height = 16
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.fillStyle = '#1f5f8b'
    context.fillRect(0, 0, 16, 16)
    return canvas.toDataURL('image/jpeg', 0.8)
  })
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64')
}

/** The day `days` after today on the device's calendar, as the screens print it (YYYY/MM/DD). */
const dayAfter = (page: Page, days: number) =>
  page.evaluate((n) => {
    const now = new Date()
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n)
    const two = (value: number) => String(value).padStart(2, '0')
    return `${day.getFullYear()}/${two(day.getMonth() + 1)}/${two(day.getDate())}`
  }, days)

/** The certificate files the device keeps for vaccination records, read from its IndexedDB. */
const certificatesOnDevice = (page: Page) =>
  page.evaluate(async () => {
    const [info] = (await indexedDB.databases()).filter((db) => db.name?.startsWith('salud-'))
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(info?.name as string)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const rows = await new Promise<Array<{ id: string; owner_kind: string; owner_id: string }>>((resolve) => {
      const request = db.transaction('files').objectStore('files').getAll()
      request.onsuccess = () => resolve(request.result)
    })
    db.close()
    return rows
      .filter((row) => row.owner_kind === 'vaccination-record')
      .map(({ id, owner_id }) => ({ id, owner_id }))
  })

/**
 * Issue 21 on a 1024×768 tablet: with no signal, the nurse registers a patient, gives them a
 * first dose of Td with a photo of the certificate and an adverse reaction; the card shows the
 * next dose's date at once, and still after an offline reload; when the network comes back the
 * server holds the dose once, with its image.
 */
test('a first dose with its certificate, made offline for a new patient, reaches the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'nurse@demo.localhost')
  await waitForStaffScreens(page)
  await openPatients(page)

  await context.setOffline(true)
  const curp = buildCurp({
    name: 'Araceli',
    lastName: 'Fuentes',
    secondLastName: 'Robles',
    birthDate: '1990-07-22',
    sex: 'M',
    stateCurpCode: 'JC',
  })
  await page.getByRole('button', { name: 'Nuevo paciente' }).click()
  await page.getByLabel('Nombre', { exact: true }).fill('Araceli')
  await page.getByLabel('Apellido paterno').fill('Fuentes')
  await page.getByLabel('Apellido materno').fill('Robles')
  await page.getByLabel('Fecha de nacimiento').fill('19900722')
  await page.getByLabel('CURP').fill(curp)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Paciente guardado en este dispositivo').first()).toBeVisible()
  await page.getByPlaceholder('Buscar...').fill('araceli fuentes')
  await page.getByRole('link', { name: 'Expediente Araceli Fuentes Robles' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Expediente de Araceli Fuentes Robles' }),
  ).toBeVisible()
  const patientId = new URL(page.url()).pathname.split('/').at(-1) as string

  await openFromRecordBanner(page, 'Ver', 'Vacunas')
  await expect(page).toHaveURL(new RegExp(`/vaccinations/card/${patientId}$`))
  await expect(page.getByText('Esquema incompleto')).toBeVisible()
  await page.getByRole('link', { name: 'Registrar dosis' }).first().click()
  const form = page.getByRole('form', { name: 'Registrar dosis' })
  await form.getByLabel('Vacuna', { exact: true }).selectOption({ label: 'Td' })
  await expect(form.getByLabel('Número de dosis')).toHaveValue('1')
  await form.getByLabel('Folio').fill('TD-2026-0091')
  await form.getByLabel('Lote').fill('L2291A')
  await page.getByLabel('Tomar foto').setInputFiles({
    name: 'certificado.jpg',
    mimeType: 'image/jpeg',
    buffer: await aPhoto(page),
  })
  await expect(form.getByRole('img', { name: 'Foto del certificado' })).toBeVisible()
  await form.getByRole('button', { name: 'Agregar reacción adversa' }).click()
  await form.getByLabel('Hora', { exact: true }).fill('0915')
  await form.getByLabel('Síntomas').fill('Dolor y enrojecimiento en el sitio de aplicación')
  await expectAccessible(page, 'the dose form')
  await form.getByRole('button', { name: 'Guardar dosis' }).click()
  await expect(page.getByText('Dosis guardada en este dispositivo').first()).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/vaccinations/card/${patientId}$`))

  // Td's series is three doses 28 days apart: the second is due four weeks from today.
  const nextDue = await dayAfter(page, 28)
  const td = page.getByRole('region', { name: /^Td/ })
  const expectCard = async () => {
    await expect(td.getByText('Dosis aplicadas: 1 de 3')).toBeVisible()
    await expect(td.getByText(`Siguiente: dosis 2 el ${nextDue}`)).toBeVisible()
    await expect(td.getByText('TD-2026-0091')).toBeVisible()
    await expect(td.getByText(/Dolor y enrojecimiento/)).toBeVisible()
    await expect(td.getByRole('img', { name: 'Certificado de vacunación' })).toBeVisible()
  }
  await expectCard()
  await expect(td.getByText('Por enviar')).toBeVisible()
  await expectAccessible(page, 'the vaccination card')

  // Offline reload: the page from the service worker, the dose and its photo from IndexedDB.
  await page.reload()
  await expectCard()

  await goOnline(context, page)
  await expect(td.getByText('Por enviar')).toHaveCount(0, { timeout: 30_000 })
  const records = async () =>
    (await serverGet(page, `/api/operation/patients/vaccination-records?patient_id=${patientId}`))
      .data as Array<{
      id: string
      folio: string
      adverse_reactions: unknown[]
    }>
  await expect
    .poll(async () => (await records()).map((row) => [row.folio, row.adverse_reactions.length]))
    .toEqual([['TD-2026-0091', 1]])
  const [record] = await records()
  const [certificate] = await certificatesOnDevice(page)
  expect(certificate?.owner_id).toBe(record?.id)
  // The server gives the image back: the bytes the device kept, as a JPEG.
  const image = await page.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const answer = await fetch(`/api/vaccination/vaccination/user/certificate/file/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      size: (await answer.blob()).size,
    }
  }, certificate?.id as string)
  expect(image).toMatchObject({ status: 200, type: 'image/jpeg' })
  expect(image.size).toBeGreaterThan(0)
})

/** How far the page is wider than the window (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement: root, body } = document
    return Math.max(root.scrollWidth - root.clientWidth, body.scrollWidth - body.clientWidth, 0)
  })

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the vaccination card and the dose form fit a 390×844 phone', async ({ page }) => {
    await signIn(page, 'nurse@demo.localhost')
    // On a phone the menu is folded away: the list by its address.
    await page.goto('/patients')
    const link = page.getByRole('link', { name: /^Expediente / }).first()
    await expect(link).toBeVisible()
    const patientId = decodeURIComponent(((await link.getAttribute('href')) ?? '').split('/').at(-1) ?? '')
    await page.goto(`/vaccinations/card/${patientId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Cartilla de vacunación' })).toBeVisible()
    await expect(page.getByRole('region', { name: /^Td/ })).toBeVisible()
    expect(await overflow(page)).toBe(0)
    await page.getByRole('link', { name: 'Registrar dosis' }).first().click()
    const form = page.getByRole('form', { name: 'Registrar dosis' })
    await form.getByRole('button', { name: 'Agregar reacción adversa' }).click()
    await form.getByLabel('Vacunado en el extranjero').click()
    await expect(form.getByLabel('País')).toBeVisible()
    expect(await overflow(page)).toBe(0)
  })
})
