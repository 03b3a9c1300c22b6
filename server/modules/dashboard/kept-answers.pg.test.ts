import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aDashboardScope, noteAChange } from '../../../tests/fixtures/dashboard'
import { openTestDatabase } from '../../../tests/fixtures/database'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { type Database, withTenant } from '../../db/client'
import { keptAnswers } from './kept-answers'

/**
 * Decision 0046 on PostgreSQL, where two transactions run at once: a write still running may
 * commit a change numbered before the last one seen, so nothing read meanwhile is kept.
 */
describe('the dashboard’s kept answers beside a write still running', () => {
  let database: Database
  let acme: string

  beforeAll(async () => {
    database = await openTestDatabase()
    acme = (await buildTenant(database.db)).id
  })
  afterAll(() => database.close())

  it('keeps no answer worked out while another transaction writes, and keeps the next one', async () => {
    const kept = keptAnswers()
    const scope = aDashboardScope()
    let computed = 0
    const ask = () =>
      withTenant(database.db, acme, (tx) =>
        kept(tx, scope, 'vaccines', async () => {
          computed += 1
          return computed
        }),
      )
    let finish = () => {}
    const held = new Promise<void>((resolve) => {
      finish = resolve
    })
    let noted = () => {}
    const started = new Promise<void>((resolve) => {
      noted = resolve
    })
    const writer = withTenant(database.db, acme, async (tx) => {
      await noteAChange(tx, acme)
      noted()
      await held
    })
    await started
    expect([await ask(), await ask()]).toEqual([1, 2])
    finish()
    await writer
    expect([await ask(), await ask()]).toEqual([3, 3])
  })
})
