import { type BrowserContext, expect, type Page } from '@playwright/test'
import { waitForStaffScreens } from './precache'

/**
 * Steps the patient specs share: the patients index over the device's cache, a patient's row in
 * it, the device's connection, and questions asked of the server with the device's own session.
 */

/** Opens the patients index from the sidebar; the cached patients are listed once the pull ran. */
export async function openPatients(page: Page): Promise<void> {
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Pacientes', exact: true })
    .click()
  // Other lists show the same count text: wait for this page's own address and heading first, or
  // a caller reads the previous page's rows (the special-labels spec once read its label's row).
  await expect(page).toHaveURL(/\/patients$/)
  await expect(page.getByRole('heading', { name: 'Pacientes', level: 1 })).toBeVisible()
  await expect(page.getByText(/Mostrando 1 a \d+ de \d+ registros/)).toBeVisible()
}

/** Shows a step of the patient form (Identificación, Contacto y domicilio, Empleo, Cuenta de acceso). */
/**
 * Follows one of the record banner's grouped links: opens its menu ("Nuevo registro" or "Ver") by
 * its button, then picks the item (the menu sits in a portal, outside the page's main region).
 */
export async function openFromRecordBanner(page: Page, menu: 'Nuevo registro' | 'Ver', item: string) {
  await page.getByRole('main').getByRole('button', { name: menu, exact: true }).click()
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click()
}

export async function openFormStep(page: Page, step: string): Promise<void> {
  const button = page.getByRole('button', { name: step, exact: true })
  await button.click()
  await expect(button).toHaveAttribute('aria-current', 'step')
}

/** Searches the index and answers the row of the patient with that full name. */
export async function findPatient(page: Page, search: string, fullName: string | RegExp) {
  await page.getByPlaceholder('Buscar...').fill(search)
  return page.getByRole('row', { name: fullName })
}

/**
 * Waits until the service worker controls a professional's page and holds every staff screen,
 * so that it can reload with no network.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await waitForStaffScreens(page)
}

/**
 * Gives the device its network back. Chromium does not always fire `online` when the emulated
 * connection returns, so it is fired by hand: the app sends its outbox and pulls on that event.
 */
export async function goOnline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
}

/** A GET to the API with the signed-in session's bearer token, answering the JSON body. */
export const serverGet = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    return answer.json()
  }, path)

interface FeedChange {
  entity: string
  id: string
  version: number
  data: { curp?: string } | null
}

/** The change feed's entries of the patient with that CURP (a duplicate would show as two). */
export async function patientChangesByCurp(page: Page, curp: string): Promise<FeedChange[]> {
  const feed = await serverGet(page, '/api/sync/changes?limit=5000')
  return feed.data.changes.filter(
    (change: FeedChange) => change.entity === 'patient' && change.data?.curp === curp,
  )
}
