import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** A multipart/form-data body, as a browser's FormData sends it. */
function formData(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; bytes: Buffer },
) {
  const boundary = '----salud-test-boundary'
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

describe('user photos (form data)', () => {
  let t: TestApp
  let headers: Record<string, string>
  let roleId: string

  beforeAll(async () => {
    t = await buildTestApp()
    const acme = await buildTenant(t.database.db, { slug: 'acme' })
    const admin = await buildUser(t.database.db, acme.id, {
      email: 'admin@acme.mx',
      permissions: ['users-create', 'users-edit', 'users-index'],
    })
    roleId = admin.roleId
    headers = (await signIn(t.app, 'acme.localhost', admin.email)).headers
  })
  afterAll(() => t.close())

  const fields = (email: string) => ({
    name: 'Rosa',
    last_name: 'Elizondo',
    email,
    role_id: roleId,
    password: 'Inicial#2026',
    active: 'true',
  })
  const create = (email: string, file?: Parameters<typeof formData>[1]) => {
    const body = formData(fields(email), file)
    return t.app.inject({
      method: 'POST',
      url: '/api/configuration/users/create',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    })
  }

  it('creates a user from form data with a png photo, then serves the photo', async () => {
    const res = await create('rosa@acme.mx', {
      name: 'photo',
      filename: 'rosa.png',
      type: 'image/png',
      bytes: PNG,
    })
    expect(res.statusCode).toBe(200)
    const user = res.json().data
    expect(user).toMatchObject({ email: 'rosa@acme.mx', active: true })
    expect(user.photo_url).toBe(`/api/configuration/users/photo/${user.id}`)
    const photo = await t.app.inject({ url: user.photo_url, headers })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/png')
    expect(photo.rawPayload.equals(PNG)).toBe(true)
    expect(
      (await t.app.inject({ url: user.photo_url, headers: { host: 'acme.localhost' } })).statusCode,
    ).toBe(401)
  })

  it('refuses a file that is not png or jpg, whatever its name, and creates nothing', async () => {
    const pdf = Buffer.from('%PDF-1.7 not an image')
    const res = await create('pdf@acme.mx', {
      name: 'photo',
      filename: 'foto.png',
      type: 'image/png',
      bytes: pdf,
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ photo: ['Elige una imagen con extensión .png o .jpg'] })
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/configuration/users/create',
      headers: {
        ...headers,
        'accept-language': 'en',
        'content-type': formData(fields('pdf@acme.mx')).contentType,
      },
      payload: formData(fields('pdf@acme.mx'), {
        name: 'photo',
        filename: 'a.jpg',
        type: 'image/jpeg',
        bytes: pdf,
      }).payload,
    })
    expect(english.json().errors).toEqual({ photo: ['Choose an image with .png or .jpg extension'] })
    const list = await t.app.inject({ url: '/api/configuration/users/getByRole/administrator', headers })
    expect(list.json().data.map((u: { email: string }) => u.email)).not.toContain('pdf@acme.mx')
  })

  it('refuses a photo of 2 MB or more', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])
    const res = await create('grande@acme.mx', {
      name: 'photo',
      filename: 'big.png',
      type: 'image/png',
      bytes: big,
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ photo: ['La imagen debe pesar menos de 2 MB.'] })
  })

  it('answers 404 for a user without a photo', async () => {
    const res = await create('sinfoto@acme.mx')
    expect(res.statusCode).toBe(200)
    const url = `/api/configuration/users/photo/${res.json().data.id}`
    expect((await t.app.inject({ url, headers })).statusCode).toBe(404)
  })
})
