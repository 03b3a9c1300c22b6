import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getTableName } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dashboardFilterOf } from '../../../src/contract/rules/dashboard/scope'
import { SYNCED_ENTITIES, type SyncedEntity } from '../../../src/contract/schemas/sync'
import { aDashboardScope, noteAChange } from '../../../tests/fixtures/dashboard'
import { openTestDatabase } from '../../../tests/fixtures/database'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { type Database, withTenant } from '../../db/client'
import * as schema from '../../db/schema'
import { bumpTenantCatalogVersion } from '../catalogs/tenant-versions'
import { bumpCatalogVersion } from '../catalogs/versions'
import { READING_TABLES } from '../operation/readings'
import { type DashboardItem, type KeptAnswers, keptAnswers, UNREAD_KINDS } from './kept-answers'

const ZONE = 'America/Mexico_City'

/** Decision 0046: an answer is reused only while nothing it reads can have changed. */
describe('the dashboard’s kept answers', () => {
  let database: Database
  let acme: string
  let other: string
  let clock = 0
  let kept: KeptAnswers
  let computed: number

  beforeAll(async () => {
    database = await openTestDatabase()
    acme = (await buildTenant(database.db)).id
    other = (await buildTenant(database.db)).id
  })
  afterAll(() => database.close())

  /** Asks `kept` for an item of `scope` in a transaction of `tenant`, counting the computations. */
  const ask = (scope = aDashboardScope(), tenant = acme, item: DashboardItem = 'vaccines') =>
    withTenant(database.db, tenant, (tx) =>
      kept(tx, scope, item, async () => {
        computed += 1
        return { answer: computed }
      }),
    )
  const fresh = () => {
    kept = keptAnswers(() => clock)
    computed = 0
  }
  const noteChange = (tenant: string, entity: SyncedEntity = 'patient') =>
    withTenant(database.db, tenant, (tx) => noteAChange(tx, tenant, entity))

  it('gives the same question the answer it just gave', async () => {
    fresh()
    expect(await ask()).toEqual({ answer: 1 })
    expect(await ask()).toEqual({ answer: 1 })
    expect(computed).toBe(1)
  })

  it('works the answer out again once a record is written, a catalogue changes or a minute passes', async () => {
    fresh()
    await ask()
    await noteChange(acme)
    expect(await ask()).toEqual({ answer: 2 })
    await withTenant(database.db, acme, (tx) => bumpTenantCatalogVersion(tx, acme, 'vaccination-scheme'))
    expect(await ask()).toEqual({ answer: 3 })
    await bumpCatalogVersion(database.db, 'diagnoses')
    expect(await ask()).toEqual({ answer: 4 })
    clock += 59_999
    expect(await ask()).toEqual({ answer: 4 })
    clock += 1
    expect(await ask()).toEqual({ answer: 5 })
  })

  it('keeps its answers through the readings patients log, and through no other kind of record', async () => {
    fresh()
    await ask()
    for (const kind of UNREAD_KINDS) await noteChange(acme, kind)
    expect(await ask()).toEqual({ answer: 1 })
    // Every other kind the feed carries, a kind added later included, counts.
    const counted = SYNCED_ENTITIES.filter((kind) => !(UNREAD_KINDS as readonly string[]).includes(kind))
    expect(counted).toEqual(expect.arrayContaining(['patient', 'encounter', 'vaccination-record']))
    for (const [at, kind] of counted.entries()) {
      await noteChange(acme, kind)
      expect(await ask()).toEqual({ answer: at + 2 })
    }
  })

  it('serves items none of whose SQL reads the tables of the kinds it does not count', () => {
    const here = dirname(fileURLToPath(import.meta.url))
    // The patients' charts read readings, and are never kept.
    const sources = readdirSync(here)
      .filter((file) => file.endsWith('.ts') && !file.includes('.test.') && file !== 'patient-charts.ts')
      .map((file) => readFileSync(join(here, file), 'utf8'))
    expect(sources.length).toBeGreaterThan(5)
    for (const kind of UNREAD_KINDS) {
      const table = READING_TABLES[kind]
      const names = [getTableName(table), Object.entries(schema).find(([, value]) => value === table)?.[0]]
      for (const name of names) {
        expect(name).toBeTruthy()
        for (const source of sources) expect(source).not.toContain(name)
      }
    }
  })

  it('never gives one tenant’s, user’s, filter’s or day’s answer to another question', async () => {
    fresh()
    await ask()
    await ask(aDashboardScope(), other)
    await ask(aDashboardScope({ assignedUser: uuidv7(), wholeTenant: false }))
    await ask(aDashboardScope({ filter: dashboardFilterOf({ from: '2026-01-01' }, [], ZONE) }))
    await ask(aDashboardScope({ today: '2026-11-28' }))
    await ask(aDashboardScope({ timeZone: 'America/Tijuana' }))
    await ask(
      aDashboardScope({
        labels: [{ id: uuidv7(), name: 'Embarazo', color: '#f00', icon: 'baby', sublabels: [] }],
      }),
    )
    await ask(aDashboardScope(), acme, 'covid')
    expect(computed).toBe(8)
    // Another tenant's write leaves acme's answer as it was.
    await noteChange(other)
    await ask()
    expect(computed).toBe(8)
  })

  it('keeps the 200 latest answers', async () => {
    fresh()
    for (let day = 1; day <= 201; day += 1)
      await ask(aDashboardScope({ today: `2026-01-${String(day).padStart(3, '0')}` }))
    expect(computed).toBe(201)
    await ask(aDashboardScope({ today: '2026-01-201' }))
    expect(computed).toBe(201)
    await ask(aDashboardScope({ today: '2026-01-001' }))
    expect(computed).toBe(202)
  })
})
