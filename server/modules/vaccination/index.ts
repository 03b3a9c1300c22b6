import type { FastifyInstance } from 'fastify'
import { definitionRoutes } from '../catalogs/catalogues.routes'
import type { ModuleDeps } from '../deps'

/**
 * `/api/vaccination` (SPEC §7 "Vaccination service"): the vaccination scheme's calls
 * (`/vaccination-scheme…`), made from its catalogue definition (issue 21).
 */
export async function vaccinationModule(app: FastifyInstance, _deps: ModuleDeps) {
  await app.register((scope) => definitionRoutes(scope, 'vaccination'))
}
