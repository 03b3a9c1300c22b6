import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../tests/fixtures/app'
import { buildTenant } from '../../tests/fixtures/tenants'

describe('serving the PWA', () => {
  let t: TestApp
  let dist: string
  const host = 'acme.localhost'

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'salud-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="es"><div id="root"></div></html>')
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.info(1)')
    // As the build leaves them (vite.config.ts, precompress): each file beside its compressed copies.
    const bundle = `console.info(${'"bundled",'.repeat(200)})`
    writeFileSync(join(dist, 'assets', 'big-def456.js'), bundle)
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(bundle))
    writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(bundle))
    const page = `<!doctype html><html lang="es"><div id="root">${' '.repeat(2000)}</div></html>`
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page))
    t = await buildTestApp({ STATIC_DIR: dist })
    await buildTenant(t.database.db, { slug: 'acme' })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('serves index.html for the root and for any client route, never cached', async () => {
    for (const url of ['/', '/patients/edit/123', '/dashboard']) {
      const res = await t.app.inject({ url, headers: { host, accept: 'text/html' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('<div id="root">')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('serves the service worker uncached and hashed assets for a year', async () => {
    const sw = await t.app.inject({ url: '/sw.js', headers: { host } })
    expect(sw.statusCode).toBe(200)
    expect(sw.headers['cache-control']).toBe('no-cache')
    const asset = await t.app.inject({ url: '/assets/index-abc123.js', headers: { host } })
    expect(asset.headers['cache-control']).toContain('immutable')
  })

  it('sends the compressed copy the browser accepts, with the same caching', async () => {
    const url = '/assets/big-def456.js'
    const br = await t.app.inject({ url, headers: { host, 'accept-encoding': 'br, gzip' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toContain('javascript')
    expect(br.headers['cache-control']).toContain('immutable')
    expect(br.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('"bundled"')
    const gz = await t.app.inject({ url, headers: { host, 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await t.app.inject({ url, headers: { host, 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('"bundled"')
    // The page itself too, wherever the client route is, and still never cached.
    for (const path of ['/', '/patients']) {
      const page = await t.app.inject({
        url: path,
        headers: { host, accept: 'text/html', 'accept-encoding': 'br' },
      })
      expect(page.headers['content-encoding'], path).toBe('br')
      expect(page.headers['cache-control'], path).toBe('no-cache')
    }
  })

  it('does not answer API paths or non-page requests with the app', async () => {
    const api = await t.app.inject({ url: '/api/patients', headers: { host, accept: 'text/html' } })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ error: true })
    const missingAsset = await t.app.inject({ url: '/assets/gone.js', headers: { host, accept: '*/*' } })
    expect(missingAsset.statusCode).toBe(404)
  })
})
