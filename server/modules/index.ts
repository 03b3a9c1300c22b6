import type { FastifyInstance } from 'fastify'
import type { Service } from '../../src/contract/services'
import { authenticationModule } from './authentication/index'
import { catalogsModule } from './catalogs/index'
import { configurationModule } from './configuration/index'
import { covidModule } from './covid/index'
import { dashboardModule } from './dashboard/index'
import type { ModuleDeps } from './deps'
import { operationModule } from './operation/index'
import { syncModule } from './sync/index'
import { vaccinationModule } from './vaccination/index'

type Module = (app: FastifyInstance, deps: ModuleDeps) => Promise<void>

/**
 * The service modules of SPEC §7 that have calls so far, each mounted at `/api/<service>`.
 * A service joins this table when its first call is built; an absent one answers 404.
 */
export const MODULES: Partial<Record<Service, Module>> = {
  authentication: authenticationModule,
  catalogs: catalogsModule,
  configuration: configurationModule,
  covid: covidModule,
  dashboard: dashboardModule,
  operation: operationModule,
  sync: syncModule,
  vaccination: vaccinationModule,
}
