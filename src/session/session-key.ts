/**
 * Where the session is stored (localStorage). In a module of its own because the build's preload
 * script (build/route-preload.ts), which runs before any module, reads it too.
 */
export const SESSION_KEY = 'session'
