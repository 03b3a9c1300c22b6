/**
 * Where the chosen language is stored (localStorage). In a module of its own because the build's
 * preload script (build/route-preload.ts), which runs before any module, reads it too.
 */
export const LANGUAGE_KEY = 'lang'
