const KEY = 'rememberedUser'

/** The username kept by "remember me" (lowercased, SPEC §5); never the password. */
export function rememberedUser(): string {
  try {
    return localStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

export function rememberUser(username: string | null): void {
  try {
    if (username) localStorage.setItem(KEY, username.toLowerCase())
    else localStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode): the form simply starts empty next time.
  }
}
