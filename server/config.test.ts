import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('configuration', () => {
  it('starts with the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '::',
      dataDir: './data',
      databaseUrl: undefined,
      baseDomain: 'localhost',
      landlordHost: 'admin.localhost',
      trustProxy: false,
      staticDir: './dist',
      logLevel: 'info',
      rateLimitMax: 600,
      authRateLimitMax: 20,
      jwtSecret: undefined,
      accessTokenHours: 12,
      refreshTokenDays: 30,
      smtpUrl: undefined,
      mailFrom: 'Salud Ocupacional <no-reply@localhost>',
    })
  })

  it('reads the environment and treats an empty DATABASE_URL as absent', () => {
    const config = loadConfig({
      PORT: '8080',
      BASE_DOMAIN: 'Salud.Example',
      TRUST_PROXY: 'true',
      DATABASE_URL: '',
    })
    expect(config).toMatchObject({
      port: 8080,
      baseDomain: 'salud.example',
      trustProxy: true,
      databaseUrl: undefined,
    })
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db')
  })

  it('names every bad variable at once', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe' })
    expect(load).toThrow(ConfigError)
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*TRUST_PROXY|PORT[\s\S]*TRUST_PROXY/)
  })
})
