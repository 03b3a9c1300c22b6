/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  PrecacheController,
  type PrecacheEntry,
  PrecacheRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

/**
 * The service worker: the app opens with no network; page navigations fall back to the cached
 * index.html, never the API.
 *
 * Issue 17 (decision 0020): a patient's phone downloads only what a patient can open. The build
 * marks the chunks reached only through a staff screen (`staff: true`, build/staff-chunks.ts).
 * The install caches the rest (the shell, the sign-in, the patient's screens, shared chunks, css,
 * icons); the staff chunks are cached when the page says a professional signed in on this device
 * (`CACHE_STAFF_SCREENS`, src/features/app-shell/staff-screens.ts). Both halves live in the same
 * precache, under the same revisioned keys, so routing and the clean-up of old versions see one
 * list.
 */
declare const self: ServiceWorkerGlobalScope

type Entry = PrecacheEntry & { staff?: boolean }
const manifest = self.__WB_MANIFEST as Entry[]

/** Every file of the build: serves them (cached, or from the network) and cleans up old ones. */
const everything = new PrecacheController()
everything.addToCacheList(manifest)
/** What the install downloads: all but the staff screens. Same (default) cache as `everything`. */
const shell = new PrecacheController()
shell.addToCacheList(manifest.filter((entry) => !entry.staff))
const staffUrls = new Set(
  manifest.filter((entry) => entry.staff).map((entry) => new URL(entry.url, self.location.href).href),
)

self.addEventListener('install', (event) => void shell.install(event))
// Deletes the cached files that are not in this version's list (the staff ones are in it).
self.addEventListener('activate', (event) => void everything.activate(event))
registerRoute(new PrecacheRoute(everything))
cleanupOutdatedCaches()
registerRoute(
  new NavigationRoute(everything.createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }),
)

/**
 * Puts this version's staff chunks in the precache, each under the key the install would have
 * used; those already there are skipped, so the page may ask at every start. A chunk that fails
 * to download is left out: it is fetched from the network when opened, and asked again next time.
 * Six downloads at a time, as a browser's connections to one host: one at a time, the 170-odd
 * chunks took more than ten seconds on a busy tablet while the initial sync ran, a window in
 * which a nurse who walked out of coverage would find a staff screen missing.
 */
async function cacheStaffScreens(): Promise<void> {
  const cache = await caches.open(cacheNames.precache)
  const pending = [...everything.getURLsToCacheKeys()].filter(([url]) => staffUrls.has(url))
  const worker = async () => {
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [url, cacheKey] = next
      if (await cache.match(cacheKey)) continue
      const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null)
      if (response?.ok) await cache.put(cacheKey, response)
    }
  }
  await Promise.all(Array.from({ length: 6 }, worker))
}

self.addEventListener('message', (event) => {
  // Prompt mode: a new version waits until the page asks for it (the user accepted the update).
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
  if (event.data?.type === 'CACHE_STAFF_SCREENS') event.waitUntil(cacheStaffScreens())
})
clientsClaim()
