import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS } from '../../../src/contract/rules/permissions'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { catalogFixture } from '../../../tests/fixtures/catalog-files'
import { buildLandlordUser, LANDLORD_HOST } from '../../../tests/fixtures/landlord'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { seedReferenceLists } from '../../seed/reference-lists'

const IMPORT = '/api/catalogs/catalog/import'
const VERSIONS = '/api/catalogs/catalog/versions'

/** A multipart/form-data body with one file, as the import screen's FormData sends it. */
function upload(file: { name: string; bytes: Uint8Array } | null, fields: Record<string, string> = {}) {
  const boundary = '----salud-catalogos'
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('the catalog import by the provider', () => {
  let t: TestApp
  let landlord: Record<string, string>
  let tenantSuperuser: Record<string, string>
  let nurse: Record<string, string>

  beforeAll(async () => {
    t = await buildTestApp()
    await seedReferenceLists(t.database.db)
    const root = await buildLandlordUser(t.database.db)
    landlord = (await signIn(t.app, LANDLORD_HOST, root.email)).headers
    const acme = await buildTenant(t.database.db, { slug: 'acme' })
    await buildUser(t.database.db, acme.id, { email: 'super@acme.mx', permissions: ALL_PERMISSIONS })
    await buildUser(t.database.db, acme.id, { email: 'enfermera@acme.mx', permissions: ['patients-index'] })
    tenantSuperuser = (await signIn(t.app, 'acme.localhost', 'super@acme.mx')).headers
    nurse = (await signIn(t.app, 'acme.localhost', 'enfermera@acme.mx')).headers
  })
  afterAll(() => t.close())

  const importAs = (headers: Record<string, string>, body: ReturnType<typeof upload>, lang = 'es') =>
    t.app.inject({
      method: 'POST',
      url: IMPORT,
      headers: { ...headers, ...body.headers, 'accept-language': lang },
      payload: body.payload,
    })
  const versionOf = async (headers: Record<string, string>, catalog: string) => {
    const res = await t.app.inject({ url: VERSIONS, headers })
    return res.json().data.find((v: { catalog: string }) => v.catalog === catalog)?.version
  }

  it('imports an uploaded file and answers the report', async () => {
    const before = await versionOf(nurse, 'municipalities')
    const res = await importAs(
      landlord,
      upload(catalogFixture('dgis-municipios.csv'), { filename: 'dgis-municipios-202507.csv' }),
    )
    expect(res.statusCode).toBe(200)
    const report = res.json().data
    // The seed's demo municipalities include Aguascalientes, Coyoacán, Monterrey and San Nicolás.
    expect(report).toMatchObject({ added: 5, updated: 4, unchanged: 0, rejected: 5 })
    expect(report.files[0]).toMatchObject({
      file: 'dgis-municipios-202507.csv',
      format: 'dgis-municipalities',
      catalog: 'municipalities',
      rows: 14,
      skipped: null,
    })
    expect(report.files[0].rejections[2]).toEqual({
      line: 12,
      reason: 'Entidad federativa desconocida: "33".',
    })
    expect(report.versions).toEqual([{ catalog: 'municipalities', version: before + 1 }])
    expect(await versionOf(nurse, 'municipalities')).toBe(before + 1)
  })

  it('changes nothing when the same file is uploaded again, and says so in English when asked', async () => {
    const res = await importAs(landlord, upload(catalogFixture('dgis-municipios.csv')), 'en')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ added: 0, updated: 0, unchanged: 9, rejected: 5, versions: [] })
    expect(res.json().data.files[0].rejections[0]).toEqual({
      line: 6,
      reason: 'Expected 4 columns, found 3.',
    })
  })

  it('reports a file it cannot read as skipped, without changing anything', async () => {
    const res = await importAs(landlord, upload(catalogFixture('renapo-nacionalidades.csv')))
    expect(res.statusCode).toBe(200)
    expect(res.json().data.files[0]).toMatchObject({ format: null, rows: 0 })
    expect(res.json().data.files[0].skipped).toMatch(/^Formato no reconocido/)
  })

  it('answers 422 when no file comes', async () => {
    const res = await importAs(landlord, upload(null, { filename: 'municipios.csv' }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toHaveProperty('file')
    const json = await t.app.inject({
      method: 'POST',
      url: IMPORT,
      headers: landlord,
      payload: { file: 'x' },
    })
    expect(json.statusCode).toBe(422)
  })

  it('refuses a tenant user, even one holding every tenant permission', async () => {
    for (const headers of [tenantSuperuser, nurse]) {
      const res = await importAs(headers, upload(catalogFixture('dgis-municipios.csv')))
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('Lo sentimos no tiene permiso para acceder')
    }
  })

  it('refuses an import without a session', async () => {
    for (const host of [LANDLORD_HOST, 'acme.localhost']) {
      const res = await importAs({ host }, upload(catalogFixture('dgis-municipios.csv')))
      expect(res.statusCode, host).toBe(401)
    }
  })

  describe('catalog versions', () => {
    it('lists every cached catalog with its version', async () => {
      const res = await t.app.inject({ url: VERSIONS, headers: nurse })
      expect(res.statusCode).toBe(200)
      const catalogs = res.json().data.map((v: { catalog: string }) => v.catalog)
      expect(catalogs).toEqual(
        expect.arrayContaining(['reference-lists', 'municipalities', 'localities', 'diagnoses']),
      )
      expect(res.json().data[0]).toMatchObject({
        version: expect.any(Number),
        updated_at: expect.any(String),
      })
    })

    it('refuses them without a session', async () => {
      const res = await t.app.inject({ url: VERSIONS, headers: { host: 'acme.localhost' } })
      expect(res.statusCode).toBe(401)
    })
  })
})
