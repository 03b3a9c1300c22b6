import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aDashboardScope, noteAChange } from '../../../tests/fixtures/dashboard'
import { openTestDatabase } from '../../../tests/fixtures/database'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { type Database, withTenant } from '../../db/client'
import { keptAnswers } from './kept-answers'

/**
 * Decision 0046 on PostgreSQL, where two transactions run at once: a write still running may
 * commit a change numbered before the last one seen, so nothing read meanwhile is kept; a question
 * asked while its answer is being worked out waits for that answer.
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
  /**
   * A computation the test lets finish when it says: `working()` starts it (and settles `started`),
   * `settle` ends it.
   */
  function gate<T>() {
    let settle: (outcome: { value: T } | { error: Error }) => void = () => {}
    const promise = new Promise<T>((resolve, reject) => {
      settle = (outcome) => ('value' in outcome ? resolve(outcome.value) : reject(outcome.error))
    })
    let begin = () => {}
    const started = new Promise<void>((resolve) => {
      begin = resolve
    })
    const working = () => {
      begin()
      return promise
    }
    return { working, started, settle }
  }
  /**
   * Long enough for the second request to open its transaction, read the stamp and find the first
   * answer on its way. Were it slower, it would find the answer kept and the test would still pass:
   * the wait can make it miss a fault, never fail without one.
   */
  const WHILE_SECOND_ASKS_MS = 300

  /**
   * A keeper, and a first request of `item` being worked out when this answers: `second` asks the
   * same question then (two requests started together reach the keeper in either order), and
   * `computed` names the requests whose answer was worked out.
   */
  async function whileTheFirstIsWorkedOut(item: 'covid' | 'closed-days') {
    const kept = keptAnswers()
    const scope = aDashboardScope()
    const first = gate<string>()
    const computed: string[] = []
    const ask = (name: string, answer: () => Promise<string>) =>
      withTenant(database.db, acme, (tx) =>
        kept(tx, scope, item, () => {
          computed.push(name)
          return answer()
        }),
      )
    const asked = ask('first', first.working)
    await first.started
    const second = ask('second', async () => 'the second’s')
    return { first, asked, second, ask, computed }
  }

  it('gives a question asked while its answer is being worked out that answer, worked out once', async () => {
    const { first, asked, second, computed } = await whileTheFirstIsWorkedOut('covid')
    setTimeout(() => first.settle({ value: 'the first’s' }), WHILE_SECOND_ASKS_MS)
    expect([await asked, await second]).toEqual(['the first’s', 'the first’s'])
    expect(computed).toEqual(['first'])
  })

  it('works the answer out for a question that waited for one whose working out failed', async () => {
    const { first, asked, second, ask, computed } = await whileTheFirstIsWorkedOut('closed-days')
    setTimeout(() => first.settle({ error: new Error('the first request failed') }), WHILE_SECOND_ASKS_MS)
    await expect(asked).rejects.toThrow('the first request failed')
    expect(await second).toBe('the second’s')
    // Nothing of the failed one stays kept. (The second's is not kept either: the first's transaction
    // was still running when it read its stamp.)
    expect(await ask('third', async () => 'the third’s')).toBe('the third’s')
    expect(computed).toEqual(['first', 'second', 'third'])
  })
})
