import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { showPractitioner } from '../../../src/contract/endpoints/practitioners'
import { roles, users } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'
import { route } from '../../platform/route'
import { authorsOf } from './encounters'

/**
 * SPEC §7 `GET /practitioners/{id}` (decision 0036): a health professional as the server's own
 * documents print them (`authorsOf`, so the device's PDF names them alike). A deactivated or
 * deleted account is still answered: the documents it signed still name it. Any other account is
 * not a practitioner (404). Not a patient's data: no audit entry.
 */
export async function practitionerRoutes(app: FastifyInstance) {
  route(app, showPractitioner, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      const [professional] = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.id, params.id), eq(roles.roleType, 'health_professional')))
      const practitioner = professional && (await authorsOf(tx, [professional.id])).get(professional.id)
      if (!practitioner) throw new NotFoundError()
      return practitioner
    }),
  )
}
