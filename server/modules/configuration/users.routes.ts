import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { fullPath } from '../../../src/contract/endpoints/define'
import {
  createUser,
  destroyUser,
  downloadUsers,
  listUsersByRole,
  refreshSessionUser,
  showUser,
  updateUser,
  userPhoto,
  usersTable,
} from '../../../src/contract/endpoints/users'
import { imageTypeOf } from '../../../src/contract/rules/files'
import { users } from '../../db/schema'
import { ConflictError, NotFoundError, UnauthenticatedError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import type { Lang } from '../../platform/language'
import { MESSAGES, translate } from '../../platform/messages'
import { hashPassword } from '../../platform/passwords'
import { route } from '../../platform/route'
import { findAccountById, sessionUser } from '../authentication/accounts'
import { assertLiveEntry } from '../catalogs/catalogues'
import { downloadName, sendWorkbook, workbookOf } from './spreadsheet'
import { callerIdOf, tenantIdOf } from './tenant-scope'
import { assertUserForm, findUser, guardIdentity, listUsers, presentUser, usersPage } from './users'

const SHEET_HEADER: Record<Lang, string[]> = {
  es: [
    'Nombre',
    'Apellido paterno',
    'Apellido materno',
    'Correo electrónico',
    'Número de empleado',
    'Teléfono',
    'Perfil',
    'Tipo de perfil',
    'Activo',
  ],
  en: [
    'Name',
    'Last name',
    'Second last name',
    'E-mail',
    'Employee number',
    'Phone',
    'Profile',
    'Profile type',
    'Active',
  ],
}
const YES_NO: Record<Lang, [string, string]> = { es: ['Sí', 'No'], en: ['Yes', 'No'] }

/** The tenant's staff accounts (SPEC §7 "Users"); patients get theirs from the patient form. */
export async function userRoutes(app: FastifyInstance, opts: { files: FileStore }) {
  /** A user's role or state decides their permissions, which are cached for a few seconds. */
  const accessChanged = (tenantId: string) => app.accounts.forgetTenant(tenantId)

  /** Stores an uploaded photo (already checked by the schema) and answers its hash. */
  const storedPhoto = async (photo: Uint8Array | undefined) =>
    photo ? (await opts.files.put(photo)).hash : undefined

  route(app, createUser, async ({ body }, req) => {
    const tenantId = tenantIdOf(req)
    // Hashing is slow on purpose: do it (and the file write) before the transaction opens.
    const passwordHash = await hashPassword(body.password)
    const photo = await storedPhoto(body.photo)
    return guardIdentity(req.lang, () =>
      req.withTenant(async (tx) => {
        const form = { email: body.email, employeeNumber: body.employee_number, roleId: body.role_id }
        await assertUserForm(tx, form, null, req.lang)
        if (body.title_id)
          await assertLiveEntry(tx, 'practitioner-titles', body.title_id, 'title_id', req.lang)
        const id = uuidv7()
        await tx.insert(users).values({
          tenantId,
          id,
          email: body.email,
          employeeNumber: body.employee_number,
          name: body.name,
          lastName: body.last_name,
          secondLastName: body.second_last_name,
          phone: body.phone,
          titleId: body.title_id,
          professionalLicense: body.professional_license,
          roleId: body.role_id,
          active: body.active,
          passwordHash,
          // The administrator chose this password: its owner changes it at the first sign-in.
          mustChangePassword: true,
          photo: photo ?? null,
        })
        await req.audit(tx, { action: 'user.create', entity: 'user', entityId: id })
        return findUser(tx, id)
      }),
    )
  })

  route(app, showUser, async ({ params }, req) => req.withTenant((tx) => findUser(tx, params.id)))

  route(app, usersTable, async ({ query }, req) =>
    req.withTenant((tx) => usersPage(tx, query, fullPath(usersTable))),
  )

  // The photo of a user of this tenant, for any signed-in colleague (it shows in headers and lists).
  route(app, userPhoto, async ({ params }, req, reply) => {
    const [row] = await req.withTenant((tx) =>
      tx.select({ photo: users.photo }).from(users).where(eq(users.id, params.id)),
    )
    const bytes = row?.photo ? await opts.files.get(row.photo) : null
    if (!bytes) throw new NotFoundError()
    reply
      .header('content-type', imageTypeOf(bytes) ?? 'application/octet-stream')
      .header('cache-control', 'private, max-age=86400')
      .send(bytes)
    return null
  })

  route(app, updateUser, async ({ params, body }, req) => {
    const tenantId = tenantIdOf(req)
    const passwordHash = body.password ? await hashPassword(body.password) : null
    const photo = await storedPhoto(body.photo)
    const user = await guardIdentity(req.lang, () =>
      req.withTenant(async (tx) => {
        const current = await findUser(tx, params.id)
        const form = { email: body.email, employeeNumber: body.employee_number, roleId: body.role_id }
        await assertUserForm(tx, form, current.id, req.lang)
        // A title deactivated or deleted since stays when the form sends it unchanged.
        if (body.title_id && body.title_id !== current.title_id) {
          await assertLiveEntry(tx, 'practitioner-titles', body.title_id, 'title_id', req.lang)
        }
        const now = new Date().toISOString()
        await tx
          .update(users)
          .set({
            email: body.email,
            employeeNumber: body.employee_number,
            name: body.name,
            lastName: body.last_name,
            secondLastName: body.second_last_name,
            phone: body.phone,
            titleId: body.title_id,
            professionalLicense: body.professional_license,
            roleId: body.role_id,
            active: body.active,
            updatedAt: now,
            ...(photo && { photo }),
            // A password set by someone else must be changed by its owner at the next sign-in.
            ...(passwordHash && { passwordHash, passwordChangedAt: now, mustChangePassword: true }),
          })
          .where(eq(users.id, current.id))
        await req.audit(tx, {
          action: 'user.update',
          entity: 'user',
          entityId: current.id,
          details: { role_id: body.role_id, active: body.active, password_changed: passwordHash !== null },
        })
        return findUser(tx, current.id)
      }),
    )
    accessChanged(tenantId)
    return user
  })

  route(app, destroyUser, async ({ params }, req) => {
    const tenantId = tenantIdOf(req)
    // Deleting oneself would end the session mid-task and could leave a tenant with no administrator.
    if (params.id === callerIdOf(req)) throw new ConflictError(translate('user.cannotDeleteSelf', req.lang))
    await req.withTenant(async (tx) => {
      const user = await findUser(tx, params.id)
      const now = new Date().toISOString()
      await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, user.id))
      await req.audit(tx, { action: 'user.delete', entity: 'user', entityId: user.id })
    })
    accessChanged(tenantId)
    return null
  })

  route(app, listUsersByRole, async ({ params }, req) =>
    req.withTenant(async (tx) => (await listUsers(tx, params.role)).map(presentUser)),
  )

  route(app, downloadUsers, async (_input, req, reply) => {
    const [yes, no] = YES_NO[req.lang]
    const rows = await req.withTenant(async (tx) =>
      (await listUsers(tx)).map(({ user, role }) => [
        user.name,
        user.lastName,
        user.secondLastName,
        user.email,
        user.employeeNumber,
        user.phone,
        role?.name ?? null,
        role ? MESSAGES[`roleType.${role.roleType}`][req.lang] : null,
        user.active ? yes : no,
      ]),
    )
    await sendWorkbook(reply, downloadName('usuarios'), workbookOf('Usuarios', SHEET_HEADER[req.lang], rows))
  })

  route(app, refreshSessionUser, async (_input, req) => {
    const tenantId = tenantIdOf(req)
    const userId = callerIdOf(req)
    return req.withTenant(async (tx) => {
      const account = await findAccountById(tx, tenantId, userId)
      if (!account) throw new UnauthenticatedError()
      return sessionUser(tx, account)
    })
  })
}
