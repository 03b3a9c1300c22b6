import type { Plugin } from 'vite'

/**
 * Issue 17: a patient's phone should not download the staff's screens. The service worker
 * (src/sw.ts) precaches at install only what every user needs — the entry, the sign-in and the
 * public pages, the patient mode's screens, the chunks they share, css, icons — and caches the
 * staff screens once a professional signs in on the device.
 *
 * Which chunks are "staff" is read from the bundle itself, not from a naming convention: start at
 * the entry and walk every static and dynamic import, but do not enter a route chunk that belongs
 * to a staff screen. Whatever that walk reaches, a patient may load; every other JavaScript chunk
 * is reached only through a staff screen. A library used by both stays on the patient's side.
 */

/**
 * The route files (under src/routes/_app/) a patient opens: their own screens (SPEC §2 patient
 * self-service, src/features/app-shell/patient-menu.ts), their account (/profile) and the sync
 * page. Every other route under the signed-in layout is a staff screen. A new patient screen must
 * be added here, or a patient's phone would fetch it from the network (and not have it offline).
 */
const PATIENT_ROUTES = [
  /\/src\/routes\/_app\/patient\//,
  /\/src\/routes\/_app\/patient-profile\//,
  /\/src\/routes\/_app\/dashboard\/patient-home\.tsx/,
  /\/src\/routes\/_app\/profile\.tsx/,
  /\/src\/routes\/_app\/sync\.tsx/,
]

/** A lazily loaded piece of a signed-in route (TanStack Router's code splitting) that only staff open. */
export function isStaffRouteModule(moduleId: string): boolean {
  return (
    moduleId.includes('/src/routes/_app/') &&
    moduleId.includes('tsr-split') &&
    !PATIENT_ROUTES.some((route) => route.test(moduleId))
  )
}

/** The part of a chunk the walk needs (Rollup's and Rolldown's output chunk). */
export type ChunkNode = {
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: readonly string[]
  dynamicImports: readonly string[]
}

/** The JavaScript files reachable only through a staff route chunk. */
export function staffOnlyChunks(chunks: readonly ChunkNode[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const reached = new Set<string>()
  const pending = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
  while (pending.length > 0) {
    const file = pending.pop() as string
    const chunk = byFile.get(file)
    if (!chunk || reached.has(file)) continue
    if (chunk.facadeModuleId && isStaffRouteModule(chunk.facadeModuleId)) continue
    reached.add(file)
    pending.push(...chunk.imports, ...chunk.dynamicImports)
  }
  return new Set(chunks.map((chunk) => chunk.fileName).filter((file) => !reached.has(file)))
}

/** Where the staff list is written, for the service worker's manifest and the tests. */
export const STAFF_CHUNKS_FILE = 'precache-staff.json'

/**
 * Finds the staff-only chunks of the build. `files` is filled when the bundle is generated,
 * before vite-plugin-pwa injects the precache manifest (its manifestTransforms reads it); the
 * list is also written to dist/precache-staff.json, for the e2e tests (tests/e2e/precache.ts).
 */
export function staffChunks(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>()
  const plugin: Plugin = {
    name: 'staff-chunks',
    apply: 'build',
    // Last, once Vite has dropped the chunks that held only CSS (their styles stay for everyone).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
        files.clear()
        for (const file of staffOnlyChunks(chunks)) files.add(file)
        this.emitFile({
          type: 'asset',
          fileName: STAFF_CHUNKS_FILE,
          source: JSON.stringify([...files].sort()),
        })
      },
    },
  }
  return { plugin, files }
}
