import type { LocalDb } from '../db/local-db'

/** Where the device keeps the inputs its tenant's forms hide (`GET /inputs/inputs-disabled`). */
export const DISABLED_INPUTS_KEY = 'inputs.disabled'

/**
 * The keys of the inputs the tenant switched off (decision 0018), as last fetched: none before the
 * first refresh, so a form shows every input rather than hide one it was never told to.
 */
export async function readDisabledInputs(db: LocalDb): Promise<string[]> {
  const meta = await db.meta.get(DISABLED_INPUTS_KEY)
  // cache.ts stores the call's answer, a list of keys; anything else is treated as none.
  return Array.isArray(meta?.value) ? (meta.value as unknown[]).map(String) : []
}
