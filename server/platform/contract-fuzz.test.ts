import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '../../src/contract/endpoints/define'
import { REPLAYABLE_ENDPOINTS, syncBatch } from '../../src/contract/endpoints/sync'
import { Curp } from '../../src/contract/rules/curp'
import { Nss } from '../../src/contract/rules/nss'
import { ALL_PERMISSIONS, PATIENT_MODE_PERMISSIONS } from '../../src/contract/rules/permissions'
import { NewPassword } from '../../src/contract/schemas/password'
import { PermissionName } from '../../src/contract/schemas/roles'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { batchOf, type FuzzRequest, fuzzRequestOf, type Pools } from '../../tests/fixtures/contract-requests'
import { insertPatient } from '../../tests/fixtures/patients'
import { buildTenant } from '../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../tests/fixtures/users'
import { withTenant } from '../db/client'
import {
  assignmentRequests,
  bloodPressureReadings,
  medicinePresentations,
  medicines,
  patients,
  recordSections,
  roles,
  specialLabels,
  specialSublabels,
  tenants,
  users,
} from '../db/schema'
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/demo'
import { seedOnFirstStart } from '../seed/index'
import { generatePerson, randomSource } from '../seed/people'
import { PROFILES } from '../seed/profiles'
import type { DeclaredRoute } from './access'

/**
 * The contract fuzz (issue 16): every route the app registers — those added later too, the day
 * they are — gets requests made from its own contract schemas and then broken (see
 * tests/fixtures/contract-requests.ts), from every seeded role's account, the provider's and
 * nobody's, against the demo tenant with a second tenant beside it. Whatever arrives:
 * - never a 5xx, also for each entry inside a sync batch;
 * - the envelope of DESIGN §3 always holds (files aside);
 * - a refused request changes nothing: the change log and the audit log count what they did.
 * Seeded and bounded: FUZZ_SEED replays a run, FUZZ_RUNS sets the requests per route (a
 * failure report names both), FUZZ_ROUTE narrows it to the routes containing that text.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 16_2026)
const RUNS = Number(process.env.FUZZ_RUNS ?? 16)
const ONLY = process.env.FUZZ_ROUTE

const DEMO_HOST = 'demo.localhost'
const LANDLORD_HOST = 'admin.localhost'

/**
 * Refusals that write by design: a failed sign-in is audited (who tried which account, NOM-024)
 * and counts towards the account's lock.
 */
const AUDITED_REFUSALS = new Set(['POST /api/authentication/login'])

interface Caller {
  name: string
  headers: Record<string, string>
  /** What the account holds (null: no account, or the provider's). */
  permissions: ReadonlySet<string> | null
}

const nameOf = (route: DeclaredRoute) => `${route.method} ${route.url}`
/** A route's seed follows from the run's and its name, so adding a route moves no other's. */
const seedOf = (route: DeclaredRoute) =>
  [...nameOf(route)].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED)

/** The callers who may pass a route's access check, and so reach its validation and handler. */
function holdersOf(route: DeclaredRoute, callers: Caller[]): Caller[] {
  const access = route.access
  if (access === 'public' || access === 'authenticated') return callers.filter((c) => c.permissions)
  const grants = [access ?? ''].flat()
  return callers.filter((caller) => grants.some((grant) => caller.permissions?.has(grant)))
}

interface Counts {
  changes: number
  audits: number
}

describe('the contract fuzz', () => {
  let t: TestApp
  let demoId: string
  let callers: Caller[]
  let pools: Pools

  beforeAll(async () => {
    // The fuzz sends thousands of requests from one address, sign-ins among them.
    t = await buildTestApp({ RATE_LIMIT_MAX: '10000000', AUTH_RATE_LIMIT_MAX: '10000000' })
    const { db } = t.database
    await seedOnFirstStart(db)
    const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'))
    demoId = demo?.id as string
    // A second tenant whose ids the requests also carry: another tenant's record is a 404.
    const other = await buildTenant(db, { slug: 'otra' })
    const otherPatient = await insertPatient(db, other.id)
    // Accounts the requests may edit or delete, so that the demo accounts stay as seeded.
    const targets = await Promise.all(
      [1, 2].map((n) => buildUser(db, demoId, { email: `objetivo${n}@demo.localhost` })),
    )

    callers = [{ name: 'nobody', headers: { host: DEMO_HOST }, permissions: null }]
    for (const account of DEMO_USERS) {
      const profile = PROFILES.find((p) => p.code === account.profile)
      const isPatient = account.profile === 'patient' || account.email === 'nurse@demo.localhost'
      const expired = account.email === 'nuevo@demo.localhost'
      const { headers } = await signIn(t.app, DEMO_HOST, account.email, DEMO_PASSWORD)
      const held = expired
        ? []
        : [...(profile?.permissions ?? []), ...(isPatient ? PATIENT_MODE_PERMISSIONS : [])]
      callers.push({ name: account.email, headers, permissions: new Set(held) })
    }
    const root = await signIn(t.app, LANDLORD_HOST, 'root@admin.localhost', DEMO_PASSWORD)
    callers.push({
      name: 'root@admin.localhost',
      headers: root.headers,
      permissions: new Set(['catalogs.import']),
    })

    // A reading and a record section, so that their updates and deletes meet real records.
    const superuser = callers.find((c) => c.name === 'super@demo.localhost') as Caller
    const ids = await withTenant(db, demoId, async (tx) => {
      const [patient] = await tx.select({ id: patients.id }).from(patients).limit(1)
      return { patient: patient?.id as string }
    })
    for (const [url, body] of [
      [
        '/api/operation/patients/blood-pressure',
        { taken_at: '2026-11-20T08:30:00.000Z', systolic: 121, diastolic: 79 },
      ],
      ['/api/operation/patients/allergies-tolerances', { description: 'Penicilina' }],
    ] as const) {
      const id = crypto.randomUUID()
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: superuser.headers,
        payload: { id, patient_id: ids.patient, ...body },
      })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    }

    const known = await withTenant(db, demoId, async (tx) => {
      const take = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id)
      return [
        ...(await take(tx.select({ id: patients.id }).from(patients).limit(8))),
        ...(await take(tx.select({ id: roles.id }).from(roles).limit(8))),
        ...(await take(tx.select({ id: specialLabels.id }).from(specialLabels).limit(3))),
        ...(await take(tx.select({ id: specialSublabels.id }).from(specialSublabels).limit(3))),
        ...(await take(tx.select({ id: medicines.id }).from(medicines).limit(3))),
        ...(await take(tx.select({ id: medicinePresentations.id }).from(medicinePresentations).limit(3))),
        ...(await take(tx.select({ id: bloodPressureReadings.id }).from(bloodPressureReadings))),
        ...(await take(tx.select({ id: recordSections.id }).from(recordSections))),
        ...(await take(tx.select({ id: assignmentRequests.id }).from(assignmentRequests))),
        ...(await take(
          tx.select({ id: users.id }).from(users).where(eq(users.email, 'doctor@demo.localhost')),
        )),
      ]
    })
    // CURPs held (a clash) and free, and NSS, with their check digits right.
    const curps = await withTenant(db, demoId, async (tx) =>
      (await tx.select({ curp: patients.curp }).from(patients).limit(3)).map((row) => row.curp),
    )
    const random = randomSource(16)
    const fresh = [1, 2, 3].map((n) => generatePerson(random, 90_000 + n))
    pools = {
      ids: [...known, ...targets.map((user) => user.id), otherPatient.id as string],
      examples: new Map<unknown, readonly unknown[]>([
        [Curp, [...curps, ...fresh.map((person) => person.curp)]],
        [Nss, fresh.map((person) => person.nss)],
        [NewPassword, ['Prueba#2026', 'Otra$Clave9']],
        [PermissionName, ALL_PERMISSIONS.slice(0, 40)],
      ]),
    }
  }, 300_000)
  afterAll(() => t.close())

  const counts = (): Promise<Counts> =>
    withTenant(t.database.db, demoId, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select (select count(*) from change_log)::int as changes, (select count(*) from audit_log)::int as audits`,
      )) as unknown as { rows: Counts[] }
      return rows[0] as Counts
    })

  it('has every API route come from a contract endpoint, so it can be fuzzed', () => {
    const routes = t.app.declaredRoutes
    expect(routes.length).toBeGreaterThan(100)
    expect(routes.filter((route) => !route.endpoint).map(nameOf)).toEqual([])
  })

  it(
    'never answers a 5xx, keeps the envelope, and changes nothing when it refuses',
    async () => {
      const routes = [...t.app.declaredRoutes]
        .filter((route) => !ONLY || nameOf(route).includes(ONLY))
        .sort((a, b) => nameOf(a).localeCompare(nameOf(b)))
      const failures: string[] = []
      const statuses = new Map<number, number>()
      let before = await counts()
      const started = Date.now()

      for (const route of routes) {
        const endpoint = route.endpoint as Endpoint
        const requests =
          endpoint === syncBatch
            ? batchOf(syncBatch, REPLAYABLE_ENDPOINTS, pools)
            : fuzzRequestOf(endpoint, pools)
        const holders = holdersOf(route, callers)
        const caller = fc.oneof(
          {
            weight: holders.length > 0 ? 3 : 0,
            arbitrary: fc.constantFrom(...(holders.length > 0 ? holders : callers)),
          },
          { weight: 1, arbitrary: fc.constantFrom(...callers) },
        )
        const property = fc.asyncProperty(caller, requests, async (who, request) => {
          const res = await send(who, request)
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
          if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`)
          const problem = envelopeProblem(res)
          if (problem) throw new Error(`broke the envelope: ${problem}`)
          const answers = endpoint === syncBatch && res.statusCode === 200 ? batchAnswers(res) : null
          const refused = res.statusCode >= 400 || answers?.every((status) => status >= 400) === true
          const after = await counts()
          const changed = after.changes !== before.changes || after.audits !== before.audits
          const mayAudit = AUDITED_REFUSALS.has(nameOf(route)) && after.changes === before.changes
          const previous = before
          before = after
          if (refused && changed && !mayAudit) {
            throw new Error(
              `refused (${res.statusCode}) yet changed the logs: changes ${previous.changes} → ${after.changes}, audits ${previous.audits} → ${after.audits}`,
            )
          }
        })
        const details = await fc.check(property, { seed: seedOf(route), numRuns: RUNS, endOnFailure: true })
        if (details.failed) {
          const report = reportOf(route, details)
          // Said at once too: a long run (a high FUZZ_RUNS) shows what it found as it goes.
          console.error(report)
          failures.push(report)
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
      console.info(
        `contract fuzz: ${routes.length} routes, ${RUNS} requests each, ${seconds} s; ${histogram.join(' ')}`,
      )
      expect(failures.join('\n\n')).toBe('')
    },
    Math.max(600_000, RUNS * 20_000),
  )

  function send(caller: Caller, request: FuzzRequest): Promise<LightMyRequestResponse> {
    const landlord = caller.name.endsWith('@admin.localhost')
    return t.app.inject({
      method: request.method as InjectOptions['method'],
      url: request.url,
      headers: { ...caller.headers, host: landlord ? LANDLORD_HOST : DEMO_HOST, ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    })
  }
})

/** What failed on a route, and how to replay it. */
function reportOf(route: DeclaredRoute, details: fc.RunDetails<[Caller, FuzzRequest]>): string {
  const [who, request] = details.counterexample ?? []
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance
  return [
    `${nameOf(route)}: ${String(error)}`,
    `  as ${who?.name}: ${request?.method} ${request?.url.slice(0, 200)}`,
    `  broken by: ${request?.breakages.join('; ') || 'nothing'}`,
    `  replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (route seed ${details.seed}, path ${details.counterexamplePath})`,
  ].join('\n')
}

/** The statuses of a batch's entries, each checked like an answer of its own. */
function batchAnswers(res: LightMyRequestResponse): number[] {
  const answers = (res.json().data?.answers ?? []) as Array<{ status: number; body: unknown }>
  for (const [index, answer] of answers.entries()) {
    if (answer.status >= 500)
      throw new Error(
        `entry ${index} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`,
      )
    const problem = bodyProblem(answer.status, answer.body)
    if (problem) throw new Error(`entry ${index} broke the envelope: ${problem}`)
  }
  return answers.map((answer) => answer.status)
}

/** What is wrong with an answer's envelope (DESIGN §3), or null; files (PDF, spreadsheets) aside. */
function envelopeProblem(res: LightMyRequestResponse): string | null {
  const type = String(res.headers['content-type'] ?? '')
  if (!type.startsWith('application/json')) {
    return res.statusCode === 200 ? null : `a ${res.statusCode} answered as ${type || 'nothing'}`
  }
  let body: unknown
  try {
    body = res.json()
  } catch {
    return 'a body that is no JSON'
  }
  return bodyProblem(res.statusCode, body)
}

const isFieldErrors = (errors: unknown) =>
  typeof errors === 'object' &&
  errors !== null &&
  Object.values(errors).every(
    (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string' && m !== ''),
  )

function bodyProblem(status: number, body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'no envelope object'
  const { data, message, error, errors, ...rest } = body as Record<string, unknown>
  if (!('data' in body) || typeof message !== 'string' || typeof error !== 'boolean') {
    return `no data, message or error in ${JSON.stringify(body).slice(0, 200)}`
  }
  const extra = Object.keys(rest).filter((key) => !(status === 429 && key === 'retryAfter'))
  if (extra.length > 0) return `unknown keys ${extra.join(', ')}`
  if (status < 400) return error || errors !== undefined ? 'a success marked as an error' : null
  if (!error) return `a ${status} not marked as an error`
  if (message === '') return `a ${status} without a message`
  if (data !== null && status !== 412) return `a ${status} carrying data`
  if (errors !== undefined && !isFieldErrors(errors))
    return `field errors of the wrong shape: ${JSON.stringify(errors)}`
  return null
}
