import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { inputsDisabled, menusAvailable } from '../../../src/contract/endpoints/configuration'
import { type MenuItem, menusFor } from '../../../src/contract/rules/menus'
import type { Db } from '../../db/client'
import { tenants } from '../../db/schema'
import { route, SerializedAnswer } from '../../platform/route'

const NO_PERMISSIONS: ReadonlySet<string> = new Set()

/**
 * The sidebar's answer, serialised, per set of permissions. The account cache hands every request
 * of a user the same set for a few seconds (platform/authentication.ts), so the menus the app
 * asks for on each screen are worked out and serialised once in that while, not at each request
 * (this read is the API's authenticated-read budget, docs/benchmarks.md). A renewed set, or a
 * changed role, is a new entry; the old one goes with its set.
 */
const answers = new WeakMap<ReadonlySet<string>, SerializedAnswer<MenuItem[]>>()

function menusAnswer(permissions: ReadonlySet<string>): SerializedAnswer<MenuItem[]> {
  let answer = answers.get(permissions)
  if (answer === undefined) {
    answer = new SerializedAnswer(menusFor(permissions))
    answers.set(permissions, answer)
  }
  return answer
}

/** The caller's sidebar and the inputs the tenant switched off. */
export async function menuRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, menusAvailable, async (_input, req) => menusAnswer(req.user?.permissions ?? NO_PERMISSIONS))

  // Read from the tenant's row, not the host cache: a switched-off input applies at once.
  route(app, inputsDisabled, async (_input, req) => {
    if (!req.tenant) return []
    const [row] = await opts.db
      .select({ disabledInputs: tenants.disabledInputs })
      .from(tenants)
      .where(eq(tenants.id, req.tenant.id))
    return row?.disabledInputs ?? []
  })
}
