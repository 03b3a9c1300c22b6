import { chromium } from '@playwright/test'
import { CHROMIUM_LAUNCH } from './tests/e2e/chromium.ts'

const BASE = 'http://demo.localhost:4412'
const OUT = '/tmp/dis/shots'
const sizes = { tablet: { width: 1024, height: 768 }, phone: { width: 390, height: 844 } }
const only = process.argv[2]

async function signIn(page, username) {
  await page.goto(`${BASE}/`)
  await page.getByLabel('Usuario').fill(username)
  await page.getByLabel('Contraseña', { exact: true }).fill('Demo1234!')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 60_000 })
  if (new URL(page.url()).pathname === '/notice_privacy') {
    await page.getByRole('checkbox', { name: 'He leído y acepto el aviso de privacidad' }).click()
    await page.getByRole('button', { name: 'Aceptar y continuar' }).click()
    await page.waitForURL((url) => url.pathname !== '/notice_privacy')
  }
}

async function shot(page, name) {
  await page.waitForTimeout(600)
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true })
  const total = await page.evaluate(() => document.documentElement.scrollHeight)
  const step = page.viewportSize().height - 60
  for (let i = 0, y = 0; y < total && i < 4; i++, y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y)
    await page.waitForTimeout(150)
    await page.screenshot({ path: `${OUT}/${name}-part${i}.png` })
  }
  await page.evaluate(() => window.scrollTo(0, 0))
  console.log(name, wide ? 'SIDEWAYS SCROLL' : 'ok', total)
}

const browser = await chromium.launch({ ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, '--host-resolver-rules=MAP *.localhost 127.0.0.1'] })
for (const [size, viewport] of Object.entries(sizes)) {
  if (only && only !== size) continue
  const context = await browser.newContext({ viewport, locale: 'es-MX' })
  const page = await context.newPage()
  await signIn(page, 'doctor@demo.localhost')
  await page.goto(`${BASE}/digital-record/medical-reports/record-disabilities`)
  await page.getByRole('link', { name: /^Ver / }).first().waitFor({ timeout: 120_000 })
  await shot(page, `${size}-index`)
  const view = await page.getByRole('link', { name: /^Ver / }).first().getAttribute('href')
  const [, , , , , patientId, id] = view.split('/')
  await page.goto(`${BASE}/digital-record/medical-reports/record-disabilities/detail/${patientId}`)
  await page.getByRole('link', { name: 'Nueva incapacidad' }).waitFor()
  await shot(page, `${size}-detail`)
  await page.goto(`${BASE}${view}`)
  await page.getByRole('button', { name: 'Descargar PDF' }).waitFor()
  await shot(page, `${size}-view`)
  await page.goto(`${BASE}/digital-record/medical-reports/record-disabilities/edit/${patientId}/${id}`)
  await page.getByRole('form', { name: 'Corregir incapacidad' }).waitFor()
  await shot(page, `${size}-edit`)
  await page.goto(`${BASE}/digital-record/medical-reports/record-disabilities/create/${patientId}`)
  const form = page.getByRole('form', { name: 'Nueva incapacidad' })
  await form.waitFor()
  await shot(page, `${size}-create-empty`)
  await page.getByLabel('Causa').fill('Esguince de tobillo derecho')
  await page.getByLabel('Motivo').fill('Caída en el andén')
  await page.getByLabel('Modalidad').selectOption({ index: 1 })
  await page.getByLabel('Estatus').selectOption({ index: 1 })
  await page.getByLabel('Expedida por').selectOption('imss')
  await page.getByLabel('Fecha de término').fill('20260101')
  const pad = page.getByRole('img', { name: /^Firma/ })
  await pad.scrollIntoViewIfNeeded()
  const box = await pad.boundingBox()
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.7)
  await page.mouse.down()
  for (let i = 0; i <= 20; i++) {
    const x = 0.15 + (0.7 * i) / 20
    const y = 0.6 - 0.3 * Math.sin((i / 20) * Math.PI * 3)
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y)
  }
  await page.mouse.up()
  await page.getByRole('button', { name: 'Guardar incapacidad' }).click()
  await shot(page, `${size}-create-errors`)
  await page.goto(`${BASE}/patients/record/${patientId}`)
  await page.getByRole('link', { name: 'Incapacidades' }).first().waitFor()
  await page.screenshot({ path: `${OUT}/${size}-record-banner.png` })
  await context.close()

  const patientContext = await browser.newContext({ viewport, locale: 'es-MX' })
  const patientPage = await patientContext.newPage()
  await signIn(patientPage, 'patient@demo.localhost')
  await patientPage.goto(`${BASE}/patient/incapacities`)
  await patientPage.getByRole('heading', { name: 'Mis incapacidades' }).waitFor()
  await patientPage.waitForTimeout(3000)
  await shot(patientPage, `${size}-patient`)
  await patientContext.close()
}
await browser.close()
