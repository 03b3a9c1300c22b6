import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  editableInputIsEnabled,
  editableInputsGetList,
  editableInputsList,
  setEditableInput,
  showEditableInput,
} from '../../../src/contract/endpoints/editable-inputs'
import {
  type EditableInput,
  type EditableInputKey,
  editableInputsOf,
} from '../../../src/contract/schemas/editable-inputs'
import type { Tx } from '../../db/client'
import { tenants } from '../../db/schema'
import { route } from '../../platform/route'
import { tenantIdOf } from '../configuration/tenant-scope'
import { bumpTenantCatalogVersion } from './tenant-versions'

/** The keys the tenant switched off, as its row holds them (read in the transaction, not the host cache). */
async function disabledInputs(tx: Tx, tenantId: string, lock = false): Promise<string[]> {
  const query = tx
    .select({ disabledInputs: tenants.disabledInputs })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
  const [row] = lock ? await query.for('update') : await query
  return row?.disabledInputs ?? []
}

/** A declared input with its state. */
function inputOf(id: EditableInputKey, disabled: readonly string[]): EditableInput {
  const input = editableInputsOf(disabled).find((candidate) => candidate.id === id)
  if (!input) throw new Error(`${id} is declared but not listed`)
  return input
}

/**
 * The editable inputs (decision 0018): the tenant's switched-off inputs live on its row
 * (`tenants.disabled_inputs`, which `GET /inputs/inputs-disabled` answers), and each switch moves
 * the `editable-fields` catalogue version so that devices fetch the list again.
 */
export async function editableInputRoutes(app: FastifyInstance) {
  const list = async (_input: unknown, req: FastifyRequest) =>
    req.withTenant(async (tx) => editableInputsOf(await disabledInputs(tx, tenantIdOf(req))))

  route(app, editableInputsList, list)
  route(app, editableInputsGetList, list)

  route(app, editableInputIsEnabled, async ({ query }, req) =>
    req.withTenant(async (tx) => !(await disabledInputs(tx, tenantIdOf(req))).includes(query.input)),
  )

  route(app, showEditableInput, async ({ params }, req) =>
    req.withTenant(async (tx) => inputOf(params.id, await disabledInputs(tx, tenantIdOf(req)))),
  )

  route(app, setEditableInput, async ({ params, body }, req) =>
    req.withTenant(async (tx) => {
      const tenantId = tenantIdOf(req)
      // The row lock orders two administrators' switches, so neither undoes the other's.
      const current = new Set(await disabledInputs(tx, tenantId, true))
      if (body.enabled) current.delete(params.id)
      else current.add(params.id)
      await tx
        .update(tenants)
        .set({ disabledInputs: [...current].sort() })
        .where(eq(tenants.id, tenantId))
      await bumpTenantCatalogVersion(tx, tenantId, 'editable-fields')
      await req.audit(tx, {
        action: 'catalogue.editable-fields.update',
        entity: 'catalogue.editable-fields',
        entityId: params.id,
        details: { ...body },
      })
      return inputOf(params.id, [...current])
    }),
  )
}
