import type { FastifyInstance } from 'fastify'
import { inputsDisabled, menusAvailable } from '../../../src/contract/endpoints/configuration'
import { menusFor } from '../../../src/contract/rules/menus'
import { route } from '../../platform/route'

/** The caller's sidebar and the inputs the tenant switched off. */
export async function menuRoutes(app: FastifyInstance) {
  route(app, menusAvailable, async (_input, req) => menusFor(req.user?.permissions ?? new Set()))
  route(app, inputsDisabled, async (_input, req) => req.tenant?.disabledInputs ?? [])
}
