import { sql } from 'drizzle-orm'
import { READING_KINDS, type ReadingKind } from '../../../src/contract/schemas/readings'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { type DashboardScope, textArray } from './scope'

/**
 * A dashboard item's answer, kept in this server's memory for the same question asked again
 * (decision 0046): the screen's eight calls, then the PDF of the same filters, ask each figure
 * twice. An answer is reused only while nothing it reads can have changed:
 *
 * - the tenant's data: every write of a record the figures read notes itself in the change feed
 *   in its own transaction (DESIGN §5), and every change of a tenant catalogue or a shared one
 *   moves its version; the stamp holds the last note and the versions' sums (versions only grow).
 *   Notes of the readings patients log (`UNREAD_KINDS`) do not count: no kept item reads them;
 * - no write still running: a transaction that took its note's number before the last one may
 *   commit after it, leaving the stamp as it was. An answer is kept only when no transaction of
 *   the cluster held a transaction id when the stamp was read: the snapshot lists none running
 *   below its horizon (`xmax`, one past the last finished), and the id this transaction takes
 *   right after is that horizon, so none was handed out above it either. (A transaction notes a
 *   change after writing its record, so it holds an id before it takes a note's number.) The
 *   request writes its audit entry anyway, so taking the id here costs nothing;
 * - the question: the tenant, whose patients (the caller's, or all), the filter, the day and the
 *   zone, and the live labels (names and all);
 * - and a minute at most, so a write that bypassed the feed (a hand-made fix in the database)
 *   stays invisible no longer than that.
 *
 * An answer is kept from the moment it is asked for, not once it is worked out: the screen asks
 * its items at once, and on PostgreSQL two requests of one question (the affected systems and
 * their top five, which are its first five) then wait for one count instead of making two.
 * A request that waited for an answer whose working out failed works it out itself.
 */
const KEPT_FOR_MS = 60_000

/**
 * The feed's kinds no kept item reads: the readings and habits patients log (SPEC's self-tracking;
 * the patients' charts, which read readings, are not kept). A tenant whose workers log their
 * glucose every morning would otherwise see every answer worked out again after each reading.
 * Named here rather than the kinds that count, so that a kind the feed gains later counts until
 * someone decides it does not (`kept-answers.test.ts` checks no kept item's SQL reads these).
 */
export const UNREAD_KINDS: readonly ReadingKind[] = READING_KINDS
/** Enough for every item of a few dozen filter sets; the oldest goes first. */
const MOST_KEPT = 200

interface Kept {
  answer: Promise<unknown>
  until: number
}

/**
 * The items kept, by the name they are audited under: the item routes and the PDF name them
 * alike, or the PDF would not find what the screen's calls kept (a misspelling fails to compile).
 */
export type DashboardItem =
  | 'affected-systems'
  | 'diagnoses'
  | 'special-labels'
  | 'vaccines'
  | 'periodic-exams'
  | 'closed-days'
  | 'covid'

/** An item's answer for the scope: the kept one, or `compute`'s, kept when it may be. */
export type KeptAnswers = <T>(
  tx: Tx,
  scope: DashboardScope,
  item: DashboardItem,
  compute: () => Promise<T>,
) => Promise<T>

interface Stamp {
  tenant: string
  seq: string
  tenant_catalogues: string
  catalogues: string
  settled: boolean
}

/** What the transaction's tenant's figures are read from, in one statement (one snapshot). */
async function stampOf(tx: Tx): Promise<Stamp> {
  const [stamp] = await rowsOf<Stamp>(
    tx,
    sql`select current_setting('app.tenant_id', true) as tenant,
               (select coalesce(max(seq), 0)::text from change_log
                 where entity <> all(${textArray(UNREAD_KINDS)})) as seq,
               (select coalesce(sum(version), 0)::text from tenant_catalog_versions) as tenant_catalogues,
               (select coalesce(sum(version), 0)::text from catalog_versions) as catalogues,
               pg_current_xact_id() = pg_snapshot_xmax(pg_current_snapshot())
                 and not exists (select from pg_snapshot_xip(pg_current_snapshot())) as settled`,
  )
  if (!stamp) throw new Error('A select without from returned no row.')
  return stamp
}

/** A keeper of answers for one server (its own: two apps in one process never share one). */
export function keptAnswers(now: () => number = Date.now): KeptAnswers {
  const kept = new Map<string, Kept>()

  function keep(key: string, answer: Promise<unknown>) {
    kept.delete(key)
    kept.set(key, { answer, until: now() + KEPT_FOR_MS })
    for (const [oldest] of kept) {
      if (kept.size <= MOST_KEPT) break
      kept.delete(oldest)
    }
  }

  return async function answerOf<T>(
    tx: Tx,
    scope: DashboardScope,
    item: DashboardItem,
    compute: () => Promise<T>,
  ) {
    const stamp = await stampOf(tx)
    const { filter, today, timeZone, labels, assignedUser } = scope
    const key = JSON.stringify([
      item,
      stamp.tenant,
      assignedUser,
      filter,
      today,
      timeZone,
      labels,
      stamp.seq,
      stamp.tenant_catalogues,
      stamp.catalogues,
    ])
    const found = kept.get(key)
    if (found && found.until > now()) {
      try {
        return (await found.answer) as T
      } catch {
        // Its request failed (and answered so): this one works the answer out in its own transaction.
      }
    }
    const answer = compute()
    if (stamp.settled) {
      keep(key, answer)
      answer.catch(() => {
        if (kept.get(key)?.answer === answer) kept.delete(key)
      })
    }
    return answer
  }
}
