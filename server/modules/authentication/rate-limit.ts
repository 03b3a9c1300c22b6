import type { Config } from '../../config'

/**
 * Per-IP limit on the calls an attacker would hammer (login, username check, recovery, codes);
 * the per-account side is the login throttle and the reset's attempt counter.
 */
export const authRateLimit = (config: Pick<Config, 'authRateLimitMax'>) => ({
  rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' },
})
