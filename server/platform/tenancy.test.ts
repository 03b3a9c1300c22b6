import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { buildTenant } from '../../tests/fixtures/tenants'

const configurationUrl = '/api/configuration/get-configurations-tenant'

describe('tenancy by host', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp()
    await buildTenant(t.database.db, { slug: 'acme', tradeName: 'Clínica Acme' })
    await buildTenant(t.database.db, {
      slug: 'globex',
      tradeName: 'Globex Salud',
      customHost: 'salud.globex.mx',
    })
  })
  afterAll(() => t.close())

  const tenantNameAt = async (host: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: configurationUrl, headers: { host, ...headers } })
    return { status: res.statusCode, body: res.json() }
  }

  it('finds each tenant by its subdomain, with or without a port', async () => {
    expect((await tenantNameAt('acme.localhost')).body.data.tenant.name).toBe('Clínica Acme')
    expect((await tenantNameAt('globex.localhost:3000')).body.data.tenant.name).toBe('Globex Salud')
  })

  it('finds a tenant by its custom host', async () => {
    const { body } = await tenantNameAt('salud.globex.mx')
    expect(body.data).toMatchObject({ tenant: { slug: 'globex', name: 'Globex Salud' }, is_landlord: false })
  })

  it('recognises the landlord host', async () => {
    const { status, body } = await tenantNameAt('admin.localhost', { 'accept-language': 'en' })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ is_landlord: true, tenant: { name: 'Clinic administration' } })
  })

  it('answers an unknown host on the API with a 404 envelope in the request’s language', async () => {
    const spanish = await tenantNameAt('nadie.localhost')
    expect(spanish.status).toBe(404)
    expect(spanish.body).toEqual({
      data: null,
      error: true,
      message: 'No encontramos ninguna clínica en esta dirección.',
    })
    const english = await tenantNameAt('nobody.example.com', { 'accept-language': 'en-US,en;q=0.9' })
    expect(english.body.message).toBe('No clinic was found at this address.')
  })

  it('answers an unknown host’s pages with an HTML 404 page', async () => {
    const res = await t.app.inject({
      url: '/patients',
      headers: { host: 'nadie.localhost', accept: 'text/html' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<html lang="es">')
    expect(res.body).toContain('Clínica no encontrada')
    expect(res.body).not.toContain('<script')
  })

  it('ignores X-Forwarded-Host unless the proxy is trusted', async () => {
    const spoofed = await tenantNameAt('acme.localhost', { 'x-forwarded-host': 'globex.localhost' })
    expect(spoofed.body.data.tenant.slug).toBe('acme')

    const behindProxy = await buildTestApp({ TRUST_PROXY: 'true' })
    try {
      await buildTenant(behindProxy.database.db, { slug: 'globex' })
      const res = await behindProxy.app.inject({
        url: configurationUrl,
        headers: { host: 'internal:8080', 'x-forwarded-host': 'globex.localhost' },
      })
      expect(res.json().data.tenant.slug).toBe('globex')
    } finally {
      await behindProxy.close()
    }
  })

  it('answers the health check on any host', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { host: '10.0.0.7:3000' } })
    expect(res.statusCode).toBe(200)
  })
})
