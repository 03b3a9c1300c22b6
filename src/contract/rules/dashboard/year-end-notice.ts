/**
 * SPEC §1/§9: the year-end maintenance (30 December to 1 January, 72 hours of downtime). The
 * dashboard's banner shows on those dates, in the device's local time (the people reading it are
 * there).
 */
export function isMaintenanceWindow(date: Date): boolean {
  const month = date.getMonth()
  const day = date.getDate()
  return (month === 11 && day >= 30) || (month === 0 && day === 1)
}
