import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogServer } from '../catalogs/test-catalogs'
import { activateLanguage } from '../i18n/language'
import { currentSession, saveSession } from '../session/session-store'
import { signedInAs } from '../test/session'
import { createSyncEngine, type SyncEngine } from './engine'

const FEED = '/api/sync/changes'
const VERSIONS = '/api/catalogs/catalog/versions'
const AFFECTED_SYSTEMS = '/api/catalogs/catalog/cie10/affected-systems'
const ICD10 = '/api/catalogs/catalog/cie10/all'

/**
 * The catalogues' service of `catalogServer`, and a feed of one empty page that answers when the
 * test lets it: every path asked, in order, is in `asked`.
 */
function servers() {
  const catalogues = catalogServer()
  const catalogueFetch = globalThis.fetch
  const asked: string[] = []
  let release = () => {}
  let feedHeld = new Promise<void>((resolve) => {
    release = resolve
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init)
      const path = new URL(request.url).pathname
      asked.push(path)
      if (path !== FEED) return catalogueFetch(request)
      await feedHeld
      const page = { changes: [], cursor: 'c1', hasMore: false, reset: false }
      return new Response(JSON.stringify({ data: page, message: '', error: false }), {
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return {
    catalogues,
    asked,
    releaseFeed: () => release(),
    holdFeed: () => {
      feedHeld = new Promise<void>((resolve) => {
        release = resolve
      })
    },
  }
}

describe('the sync engine’s pull', () => {
  let engine: SyncEngine | null = null
  beforeEach(async () => {
    await activateLanguage('es')
    // A user of their own: each test's device database is new.
    signedInAs(['dashboard-index', 'patients-index'], { uuid: `doctor-${crypto.randomUUID()}` })
  })
  afterEach(async () => {
    engine?.stop()
    await engine?.db.delete()
    engine = null
    saveSession(null)
    vi.unstubAllGlobals()
  })

  it('brings a first sign-in’s catalogues beside the feed and the ICD-10 after it; later, the catalogues after the feed', async () => {
    const server = servers()
    const session = currentSession()
    if (!session) throw new Error('signedInAs saves a session')
    engine = createSyncEngine(session)
    const first = engine.pull()
    // The feed is held: the catalogues the screens name the records with come meanwhile.
    await vi.waitFor(() => expect(server.asked).toContain(AFFECTED_SYSTEMS))
    expect(server.asked).not.toContain(ICD10)
    server.releaseFeed()
    await first
    const afterFeed = server.asked.slice(server.asked.indexOf(FEED) + 1)
    expect(afterFeed).toContain(ICD10)
    expect(await engine.db.diagnoses.count()).toBeGreaterThan(0)
    expect(await engine.db.catalogueEntries.count()).toBeGreaterThan(0)

    // A later pull: one question for the versions, once the feed has answered.
    server.asked.splice(0)
    server.holdFeed()
    server.catalogues.versions['affected-systems'] = 2
    const later = engine.pull()
    await vi.waitFor(() => expect(server.asked).toContain(FEED))
    expect(server.asked).not.toContain(VERSIONS)
    server.releaseFeed()
    await later
    expect(server.asked.filter((path) => path === VERSIONS)).toHaveLength(1)
    expect(server.asked.indexOf(VERSIONS)).toBeGreaterThan(server.asked.indexOf(FEED))
    expect(server.asked).toContain(AFFECTED_SYSTEMS)
  })
})
