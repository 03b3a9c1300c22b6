import { expect, type Page } from '@playwright/test'

/**
 * The staff-only chunks of the build (dist/precache-staff.json, build/staff-chunks.ts) and how
 * many of them this device's caches hold, whatever the cache.
 */
export async function staffChunksCached(page: Page): Promise<{ staff: number; cached: number }> {
  return page.evaluate(async () => {
    const staff: string[] = await (await fetch('/precache-staff.json')).json()
    const cachedPaths = new Set<string>()
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        cachedPaths.add(new URL(request.url).pathname)
    }
    return { staff: staff.length, cached: staff.filter((file) => cachedPaths.has(`/${file}`)).length }
  })
}

/**
 * Waits until the service worker controls the page and, the user being a professional, has
 * cached every staff screen (it fetches them after the sign-in): only then does the device
 * have every screen offline.
 */
export async function waitForStaffScreens(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready
    return navigator.serviceWorker.controller !== null
  })
  await expect
    .poll(
      async () => {
        const { staff, cached } = await staffChunksCached(page)
        return staff > 0 && cached === staff
      },
      // 170-odd chunks downloaded while the initial sync runs: seconds on a busy machine.
      { timeout: 30_000 },
    )
    .toBe(true)
}
