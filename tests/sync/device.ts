import Dexie from 'dexie'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import * as v from 'valibot'
import { pathFor } from '../../src/contract/endpoints/define'
import { syncBatch } from '../../src/contract/endpoints/sync'
import { RefreshResponse } from '../../src/contract/schemas/session'
import { type BatchedRequest, ChangesPage } from '../../src/contract/schemas/sync'
import { type LocalDb, openLocalDb } from '../../src/db/local-db'
import type { MutationContext } from '../../src/sync/mutators'
import { type FeedPage, pullAll, storedCursor } from '../../src/sync/pull'
import { createSyncLoop, type SyncLocks, type SyncLoop } from '../../src/sync/sync-loop'
import { httpTransport } from '../../src/sync/transport'
import { feedEnd, type Nurse, type SyncServer } from './server'

/**
 * A tablet for the client-against-server sync tests (DESIGN §8): the real local database (Dexie
 * on fake-indexeddb), the real mutators, sync loop, HTTP transport and pull, speaking real HTTP
 * to the real server. The only stand-ins are the network, which can be told to misbehave, the
 * browser's Web Locks (Node has none) and the device clock.
 */

/** What the network does to one request. */
export type Fault =
  /** The server handles the request; its answer never reaches the device. */
  | 'drop-response'
  /** The request reaches the server twice at once; the device hears one answer. */
  | 'duplicate'
  /** A proxy answers 503 before the request gets to the server. */
  | 'server-error'
  /** The connection fails before the server sees anything. */
  | 'network-error'

/** One request as the network saw it (each entry of a sync batch is one). */
export interface Exchange {
  method: string
  path: string
  key: string | null
  ifMatch: string | null
  /** The server's status (503 for an entry fault), or null when the request never reached it. */
  status: number | null
  /** Whether the device got the answer. */
  delivered: boolean
  fault: Fault | 'offline' | null
}

export interface Network {
  online: boolean
  /** Faults for the next requests, one each, in order; null lets one request through. */
  faults: Array<Fault | null>
  /**
   * Faults for the next entries of sync batches, one each, in order: 'server-error' answers that
   * entry 503 without it reaching the server, as the server does when one entry's work fails
   * while the rest of the batch goes on; null lets one entry through.
   */
  entryFaults: Array<'server-error' | null>
  /** The Retry-After the injected 503 carries, in seconds. */
  retryAfterSeconds?: number
  readonly log: Exchange[]
  readonly fetch: typeof fetch
  /** Waits until every duplicated copy has had its answer. */
  settle(): Promise<void>
}

const header = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name)

const BATCH_PATH = pathFor(syncBatch)

/**
 * What one request carries, as exchanges: itself, or each entry of a sync batch (decision
 * 0014), so that tests read the outbox's traffic entry by entry whichever way it travelled.
 */
function exchangesOf(path: string, init: RequestInit | undefined): Exchange[] {
  const method = init?.method ?? 'GET'
  const blank = { status: null, delivered: false, fault: null }
  if (path !== BATCH_PATH) {
    return [
      { method, path, key: header(init, 'idempotency-key'), ifMatch: header(init, 'if-match'), ...blank },
    ]
  }
  const { requests } = JSON.parse(String(init?.body)) as { requests: BatchedRequest[] }
  return requests.map((request) => ({
    method: request.method,
    path: request.path,
    key: request.key,
    ifMatch: request.ifMatch ?? null,
    ...blank,
  }))
}

const withBody = (init: RequestInit | undefined, requests: BatchedRequest[]): RequestInit => ({
  ...init,
  body: JSON.stringify({ requests }),
})

async function batchAnswers(response: Response): Promise<Array<{ status: number }> | null> {
  try {
    const answers = (await response.clone().json())?.data?.answers
    return Array.isArray(answers) ? answers : null
  } catch {
    return null
  }
}

/**
 * The device's view of the network: relative API paths go to the server's current address as the
 * clinic's host, through whatever faults the test queued. A fault hits a whole request: every
 * entry of a batch alike.
 */
export function deviceNetwork(server: SyncServer, host: string): Network {
  const log: Exchange[] = []
  const strays: Promise<unknown>[] = []
  const send = (path: string, init: RequestInit | undefined) => {
    const headers = new Headers(init?.headers)
    headers.set('x-forwarded-host', host)
    return fetch(`${server.base}${path}`, { ...init, headers })
  }
  const unavailable = () => {
    const headers = new Headers({ 'content-type': 'application/json' })
    if (network.retryAfterSeconds !== undefined) {
      headers.set('retry-after', String(network.retryAfterSeconds))
    }
    const body = { data: null, message: 'Service Unavailable', error: true }
    return { headers, body }
  }
  /** A batch whose entries meet entry faults: those are answered 503 here, the rest go on. */
  const reach = async (path: string, init: RequestInit | undefined) => {
    if (path !== BATCH_PATH || network.entryFaults.length === 0) return send(path, init)
    const { requests } = JSON.parse(String(init?.body)) as { requests: BatchedRequest[] }
    const failing = requests.map(() => network.entryFaults.shift() === 'server-error')
    const through = requests.filter((_, index) => !failing[index])
    const answered = through.length === 0 ? [] : await batchAnswers(await send(path, withBody(init, through)))
    const { headers, body } = unavailable()
    const failed = { status: 503, retryAfter: headers.get('retry-after'), body }
    const answers = failing.map((fails) => (fails ? failed : answered?.shift()))
    return Response.json({ data: { answers }, message: '', error: false })
  }
  const network: Network = {
    online: true,
    faults: [],
    entryFaults: [],
    log,
    async settle() {
      await Promise.all(strays.splice(0))
    },
    async fetch(input, init) {
      // The transport and the pull only ever pass a path.
      const path = String(input)
      const exchanges = exchangesOf(path, init)
      log.push(...exchanges)
      const batch = path === BATCH_PATH
      if (!network.online) {
        for (const exchange of exchanges) exchange.fault = 'offline'
        throw new TypeError('fetch failed')
      }
      const fault = network.faults.shift() ?? null
      for (const exchange of exchanges) exchange.fault = fault
      switch (fault) {
        case 'network-error':
          throw new TypeError('fetch failed')
        case 'server-error': {
          for (const exchange of exchanges) exchange.delivered = true
          const { headers, body } = unavailable()
          return new Response(JSON.stringify(body), { status: 503, headers })
        }
        case 'drop-response': {
          const response = await reach(path, init)
          // Read to the end: the server finished its work before the connection broke.
          await record(response, exchanges, batch, false)
          throw new TypeError('fetch failed')
        }
        case 'duplicate': {
          const copies = exchanges.map((exchange) => ({ ...exchange }))
          log.push(...copies)
          strays.push(reach(path, init).then((answer) => record(answer, copies, batch, false)))
          break
        }
      }
      const response = await reach(path, init)
      await record(response, exchanges, batch, true)
      return response
    },
  }
  return network
}

/** Notes the server's answer on the exchanges: each batch entry's own status, or the request's. */
async function record(response: Response, exchanges: Exchange[], batch: boolean, delivered: boolean) {
  const answers = batch && response.ok ? await batchAnswers(response) : null
  exchanges.forEach((exchange, index) => {
    exchange.status = answers?.[index]?.status ?? response.status
    exchange.delivered = delivered
  })
  if (!delivered) await response.arrayBuffer()
}

/**
 * Web Locks for one browser profile, in memory: exclusive, granted in request order, and with
 * `ifAvailable` answered at once with null while someone holds the name (as navigator.locks does).
 */
export class MemoryLocks implements SyncLocks {
  private readonly held = new Map<string, Array<() => void>>()

  request<T>(
    name: string,
    options: { ifAvailable: true },
    work: (lock: Lock | null) => Promise<T>,
  ): Promise<T>
  request<T>(name: string, work: (lock: Lock | null) => Promise<T>): Promise<T>
  async request<T>(
    name: string,
    second: { ifAvailable: true } | ((lock: Lock | null) => Promise<T>),
    third?: (lock: Lock | null) => Promise<T>,
  ): Promise<T> {
    const work = typeof second === 'function' ? second : third
    if (!work) throw new TypeError('a lock request needs its work')
    const ifAvailable = typeof second !== 'function' && second.ifAvailable
    const waiting = this.held.get(name)
    if (waiting) {
      if (ifAvailable) return work(null)
      await new Promise<void>((granted) => waiting.push(granted))
    } else {
      this.held.set(name, [])
    }
    try {
      return await work({ name, mode: 'exclusive' })
    } finally {
      const next = this.held.get(name)?.shift()
      // Handing over keeps the name held, so no `ifAvailable` slips in between.
      if (next) next()
      else this.held.delete(name)
    }
  }
}

/**
 * The session the tabs of one browser share (localStorage in the app): tokens, and a refresh
 * through the server's real refresh call, once across tabs (a Web Lock, as src/session does).
 */
export class DeviceSession {
  refreshes = 0
  authLost = 0

  constructor(
    public accessToken: string,
    public refreshToken: string,
    private readonly network: Network,
    private readonly locks: MemoryLocks,
  ) {}

  /** Renews the access token that was just refused; true when the queue may go on. */
  async refresh(refused: string = this.accessToken): Promise<boolean> {
    return this.locks.request('salud-session-refresh', async () => {
      // Another tab renewed it while this one waited for the lock.
      if (this.accessToken !== refused) return true
      let response: Response
      try {
        response = await this.network.fetch('/api/authentication/refreshtoken', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ refreshToken: this.refreshToken }),
        })
      } catch {
        // Offline: the session stays as it is and the queue backs off on its own.
        return true
      }
      if (!response.ok) return false
      this.refreshes++
      const { data } = v.parse(v.object({ data: RefreshResponse }), await response.json())
      this.accessToken = data.token.accessToken
      this.refreshToken = data.token.refreshToken
      return true
    })
  }
}

/** The device's clock: the loop's `now` and the mutators' `createdAt`, under the test's control. */
export class DeviceClock {
  constructor(private at: number = Date.now()) {}
  readonly now = (): number => this.at
  set(at: number | string): void {
    this.at = typeof at === 'string' ? Date.parse(at) : at
  }
  advance(ms: number): void {
    this.at += ms
  }
}

/** mulberry32: the loop's back-off jitter, repeatable. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** One tab: its own Dexie connection and its own sync loop over the browser's shared database. */
export interface Tab {
  db: LocalDb
  loop: SyncLoop
}

export interface Device extends Tab {
  name: string
  ctx: MutationContext
  network: Network
  clock: DeviceClock
  session: DeviceSession
  locks: MemoryLocks
  /** Another tab of the same browser: same database, locks, session, network and clock. */
  openTab(): Tab
  /** Pulls the change feed to its end, as the engine does. */
  pull(): Promise<number>
  /**
   * Pulls until the device has heard the clinic's newest change. The feed holds back changes
   * while any older transaction is open on the database server (in any database: transaction ids
   * are global), so one pull can come back short while other tests run beside this one.
   */
  catchUp(): Promise<void>
  /** Closes every tab and deletes the database. */
  close(): Promise<void>
}

// Dexie takes IndexedDB from the global scope when it is first imported, which may have been
// before this file ran: tell it outright where the devices' databases live.
Dexie.dependencies.indexedDB = indexedDB
Dexie.dependencies.IDBKeyRange = IDBKeyRange

let devices = 0

/**
 * A tablet signed in as `nurse` on the clinic's host. Each device gets a database of its own
 * (the name carries a device number), as two tablets would.
 */
export function openDevice(
  server: SyncServer,
  clinic: { tenantId: string; host: string },
  nurse: Nurse,
  options: { seed?: number; name?: string } = {},
): Device {
  const number = ++devices
  const name = options.name ?? `tablet-${number}`
  const tenant = `${clinic.host.split('.')[0]}-${number}`
  const network = deviceNetwork(server, clinic.host)
  const locks = new MemoryLocks()
  const clock = new DeviceClock()
  const session = new DeviceSession(nurse.accessToken, nurse.refreshToken, network, locks)
  const random = seededRandom(options.seed ?? number)
  const ctx: MutationContext = { userId: nurse.id, tenant, now: () => new Date(clock.now()) }
  const tabs: LocalDb[] = []

  const openTab = (): Tab => {
    const db = openLocalDb({ tenant, userId: nurse.id })
    tabs.push(db)
    const loop = createSyncLoop({
      db,
      transport: httpTransport(() => session.accessToken, {
        fetch: network.fetch,
        language: () => 'es',
        fileOf: async (id) => (await db.files.get(id))?.blob,
      }),
      refreshSession: () => session.refresh(),
      onAuthLost: () => {
        session.authLost++
      },
      currentUserId: () => nurse.id,
      now: clock.now,
      random,
      locks,
    })
    return { db, loop }
  }

  const fetchPage = async (cursor: string | null, limit: number): Promise<FeedPage> => {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })
    const response = await network.fetch(`/api/sync/changes?${query}`, {
      headers: { authorization: `Bearer ${session.accessToken}`, accept: 'application/json' },
    })
    if (response.status !== 200) throw new Error(`the change feed answered ${response.status}`)
    // The feed is checked against the contract, as the app's api client does.
    return v.parse(v.object({ data: ChangesPage }), await response.json()).data
  }

  const first = openTab()
  const pull = () => pullAll(first.db, fetchPage)
  return {
    ...first,
    name,
    ctx,
    network,
    clock,
    session,
    locks,
    openTab,
    pull,
    async catchUp() {
      const end = await feedEnd(server, clinic.tenantId)
      const deadline = Date.now() + 10_000
      for (;;) {
        await pull()
        if ((await storedCursor(first.db)) === end) return
        if (Date.now() > deadline) throw new Error(`${name} never reached the end of the feed (${end})`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async close() {
      await network.settle()
      for (const db of tabs) db.close()
      await first.db.delete()
    },
  }
}
