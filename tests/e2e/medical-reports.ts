import { expect, type Locator, type Page } from '@playwright/test'

/** The day `days` after today on the device's calendar: as typed and shown, as the API carries it, and as a file name's stamp. */
export const dayAfter = (page: Page, days: number) =>
  page.evaluate((n) => {
    const now = new Date()
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n)
    const two = (value: number) => String(value).padStart(2, '0')
    const [y, m, d] = [day.getFullYear(), two(day.getMonth() + 1), two(day.getDate())]
    return { shown: `${y}/${m}/${d}`, iso: `${y}-${m}-${d}`, stamp: `${d}_${m}_${y}` }
  }, days)

/** Signs on the pad with the mouse, as a finger would: two strokes across its middle. */
export async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded()
  const box = await pad.boundingBox()
  if (!box) throw new Error('the signature pad is not on screen')
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const
  for (const stroke of [
    [at(0.15, 0.6), at(0.3, 0.3), at(0.45, 0.7), at(0.6, 0.35)],
    [at(0.55, 0.55), at(0.7, 0.45), at(0.85, 0.6)],
  ]) {
    const [first, ...rest] = stroke as [readonly [number, number], ...(readonly [number, number])[]]
    await page.mouse.move(...first)
    await page.mouse.down()
    for (const point of rest) await page.mouse.move(...point, { steps: 6 })
    await page.mouse.up()
  }
}

/** What a disability form is filled with: its modality, IMSS folio and days (as typed, YYYY/MM/DD). */
export interface DisabilityEntry {
  modality: string
  folio: string
  start: string
  end: string
  /** The days the dates span, both ends counted: the form works them out. */
  days: number
}

/** Fills the "Nueva incapacidad" form's fields (the signature and files aside) for a sprain at work. */
export async function fillDisability(form: Locator, entry: DisabilityEntry): Promise<void> {
  await form.getByLabel('Causa').fill('Caída al mismo nivel en el andén de carga')
  await form.getByLabel('Motivo').fill('Esguince de tobillo derecho')
  await form.getByLabel('Modalidad').selectOption({ label: entry.modality })
  await form.getByLabel('Estatus').selectOption({ label: 'Inicial' })
  await form.getByLabel('Expedida por').selectOption({ label: 'IMSS' })
  await form.getByLabel('Folio IMSS').fill(entry.folio)
  await form.getByLabel('Fecha de inicio').fill(entry.start)
  await form.getByLabel('Fecha de término').fill(entry.end)
  // Both ends counted: the days follow the dates.
  await expect(form.getByLabel('Días asignados')).toHaveValue(String(entry.days))
  await form.getByLabel('Días asignados').fill(String(entry.days))
  await form.getByLabel('Medidas de control').fill('Reposo, hielo local y vendaje compresivo')
}
