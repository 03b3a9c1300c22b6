/** A reading as the API (and the change feed) answers it: snake_case, with its version. */
export function presentReading(row: Record<string, unknown>) {
  const out: Record<string, unknown> = {}
  for (const [column, value] of Object.entries(row)) {
    if (column === 'tenantId' || column === 'createdBy' || column === 'updatedBy') continue
    out[column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value
  }
  return out as { id: string; version: number; patient_id: string }
}
