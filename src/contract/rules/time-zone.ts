/** Whether a name is a time zone this runtime knows (IANA: "America/Mexico_City", "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}
