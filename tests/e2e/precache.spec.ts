import { expect, test } from '@playwright/test'
import { staffChunksCached, waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

/**
 * Issue 17: the service worker's install leaves the staff screens out, so a patient's phone
 * never downloads them; a professional's sign-in on a device caches them all.
 */
test("a patient's phone caches no staff screen; a professional's device caches them all", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const phoneContext = await browser.newContext()
  const phone = await phoneContext.newPage()
  await signIn(phone, 'patient@demo.localhost')
  await expect(phone).toHaveURL(/\/dashboard\/patient-home$/)
  await phone.waitForFunction(async () => {
    await navigator.serviceWorker.ready
    return navigator.serviceWorker.controller !== null
  })
  // The install is over (the worker controls the page) and the patient's screens are cached.
  await phone.goto('/patient/glucose')
  await expect(phone.getByRole('heading', { name: /Glucosa/ }).first()).toBeVisible()
  const onPhone = await staffChunksCached(phone)
  expect(onPhone.staff).toBeGreaterThan(0)
  expect(onPhone.cached).toBe(0)
  await phoneContext.close()

  const officeContext = await browser.newContext()
  const office = await officeContext.newPage()
  await signIn(office, 'nurse@demo.localhost')
  await waitForStaffScreens(office)
  await officeContext.close()
})
