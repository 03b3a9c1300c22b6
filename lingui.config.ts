import { defineConfig } from '@lingui/cli'
import { publicSourceFiles } from './build/public-messages'

/** Tests say nothing to users; the contract's messages are the server's (server/platform/messages.ts). */
const NOT_SHOWN = ['**/*.test.*', 'src/contract/**']

/** The source files the public pages reach (build/public-messages.ts). */
const publicFiles = publicSourceFiles(import.meta.dirname)

/**
 * Spanish is the source, the default and the fallback (SPEC §1); English is translated.
 * Two catalogs (issue 17, DESIGN §7): `public` holds what the sign-in and the other public pages
 * can show, loaded with the entry; `app` holds every other message, loaded lazily before the
 * signed-in layout renders (src/i18n/language.ts). A message used on both sides is in both.
 */
export default defineConfig({
  sourceLocale: 'es',
  locales: ['es', 'en'],
  fallbackLocales: { default: 'es' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/public', include: publicFiles, exclude: NOT_SHOWN },
    { path: '<rootDir>/locales/{locale}/app', include: ['src'], exclude: [...NOT_SHOWN, ...publicFiles] },
  ],
  format: 'po',
})
