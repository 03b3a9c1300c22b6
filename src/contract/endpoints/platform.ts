import * as v from 'valibot'
import { endpoint } from './define'

export const HealthReport = v.object({
  status: v.picklist(['ok', 'degraded']),
  database: v.object({
    reachable: v.boolean(),
    kind: v.picklist(['pglite', 'postgres']),
    schemaVersion: v.nullable(v.number()),
    migrations: v.number(),
  }),
  version: v.string(),
})
export type HealthReport = v.InferOutput<typeof HealthReport>

export const health = endpoint({
  service: null,
  method: 'GET',
  path: '/health',
  access: 'public',
  response: HealthReport,
})
