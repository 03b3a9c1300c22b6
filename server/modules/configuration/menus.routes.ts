import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { inputsDisabled, menusAvailable } from '../../../src/contract/endpoints/configuration'
import { menusFor } from '../../../src/contract/rules/menus'
import type { Db } from '../../db/client'
import { tenants } from '../../db/schema'
import { route } from '../../platform/route'

/** The caller's sidebar and the inputs the tenant switched off. */
export async function menuRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, menusAvailable, async (_input, req) => menusFor(req.user?.permissions ?? new Set()))

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
