import * as v from 'valibot'

/** SPEC-free, DESIGN §5: the entities the change feed carries. */
export const SYNCED_ENTITIES = [
  'patient',
  'blood-pressure',
  'glucose',
  'somatometry',
  'nutrition',
  'habit',
  'record-section',
] as const
export type SyncedEntity = (typeof SYNCED_ENTITIES)[number]

export const ChangesQuery = v.object({
  /** Opaque; absent for the first pull. */
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d+\.\d+$/, 'field.invalid'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'field.integer'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(5000),
    ),
    '1000',
  ),
})

export const Change = v.object({
  entity: v.picklist(SYNCED_ENTITIES),
  id: v.string(),
  op: v.picklist(['upsert', 'delete']),
  version: v.number(),
  data: v.nullable(v.record(v.string(), v.unknown())),
})
export type Change = v.InferOutput<typeof Change>

/** GET /api/sync/changes: what changed after the cursor, for what this user may see. */
export const ChangesPage = v.object({
  changes: v.array(Change),
  cursor: v.nullable(v.string()),
  hasMore: v.boolean(),
  /** The cursor is older than the log keeps: drop the synced cache and pull from scratch. */
  reset: v.boolean(),
})
export type ChangesPage = v.InferOutput<typeof ChangesPage>
