import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { publicSourceFiles } from '../../build/public-messages'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Issue 17: the public catalogue (locales/*\/public.po) holds the messages of the files the public
 * pages reach; a shared piece they use must be there, a signed-in screen must not.
 */
describe("the public pages' source files", () => {
  const files = publicSourceFiles(root)

  it('include the public pages, the root layout and the shared ui pieces they use', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'src/main.tsx',
        'src/routes/__root.tsx',
        'src/routes/index.tsx',
        'src/routes/sso/$response.tsx',
        'src/features/auth/LoginPage.tsx',
        'src/features/auth/PasswordRecoveryPage.tsx',
        'src/features/app-shell/UpdatePrompt.tsx',
        'src/features/app-shell/NotFoundPage.tsx',
        'src/ui/PasswordField.tsx',
        'src/ui/Toast.tsx',
        'src/ui/form/field-errors.ts',
      ]),
    )
  })

  it('leave out the signed-in layout, its screens and the route tree that lists them', () => {
    expect(
      files.filter((file) => file.startsWith('src/routes/_app') || file === 'src/routeTree.gen.ts'),
    ).toEqual([])
    expect(files).not.toContain('src/features/app-shell/AppLayout.tsx')
    expect(files.filter((file) => file.startsWith('src/features/consultations/'))).toEqual([])
  })
})
