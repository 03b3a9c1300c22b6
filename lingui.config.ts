import { defineConfig } from '@lingui/cli'

/** Spanish is the source, the default and the fallback (SPEC §1); English is translated. */
export default defineConfig({
  sourceLocale: 'es',
  locales: ['es', 'en'],
  fallbackLocales: { default: 'es' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/*.test.*', 'src/contract/**'],
    },
  ],
  format: 'po',
})
